import { describe, expect, it } from 'vitest';
import { OpenedFiles } from './opened-files.js';

/** A clock the test moves by hand. */
function handClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('opened files', () => {
  it('keeps a file while it is read at least once a minute', async () => {
    const clock = handClock();
    const files = new OpenedFiles<string>(clock);
    let opened = 0;
    const open = () => Promise.resolve(`headers ${++opened}`);
    expect(await files.get('12/ndvi.tif', open)).toBe('headers 1');
    for (let minute = 0; minute < 5; minute++) {
      clock.advance(50_000);
      expect(await files.get('12/ndvi.tif', open)).toBe('headers 1');
    }
    expect(opened).toBe(1);
  });

  it('opens a file again after a minute without a read', async () => {
    const clock = handClock();
    const files = new OpenedFiles<string>(clock);
    let opened = 0;
    const open = () => Promise.resolve(`headers ${++opened}`);
    await files.get('12/ndvi.tif', open);
    clock.advance(61_000);
    expect(await files.get('12/ndvi.tif', open)).toBe('headers 2');
  });

  it('opens a file in constant use again after ten minutes', async () => {
    const clock = handClock();
    const files = new OpenedFiles<string>(clock);
    let opened = 0;
    const open = () => Promise.resolve(`headers ${++opened}`);
    await files.get('12/ndvi.tif', open);
    for (let step = 0; step < 20; step++) {
      clock.advance(30_000);
      await files.get('12/ndvi.tif', open);
    }
    expect(opened).toBe(2);
  });

  it('shares one opening between simultaneous requests and forgets a failed one', async () => {
    const files = new OpenedFiles<string>(handClock());
    let opened = 0;
    const failing = () => {
      opened++;
      return Promise.reject(new Error('unreadable'));
    };
    const [first, second] = [files.get('12/broken.tif', failing), files.get('12/broken.tif', failing)];
    await expect(first).rejects.toThrow('unreadable');
    await expect(second).rejects.toThrow('unreadable');
    expect(opened).toBe(1);
    await expect(files.get('12/broken.tif', failing)).rejects.toThrow('unreadable');
    expect(opened).toBe(2);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRange, RangeNotSatisfiable, readLocal, resolveRange } from './datastore.js';

describe('HTTP byte ranges', () => {
  it('reads the single-range forms and ignores the rest', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100, end: undefined });
    expect(parseRange('bytes=-500')).toEqual({ start: undefined, end: 500 });
    expect(parseRange('bytes=0-1,5-6')).toBeUndefined();
    expect(parseRange('bytes=-')).toBeUndefined();
    expect(parseRange('items=0-1')).toBeUndefined();
    expect(parseRange(undefined)).toBeUndefined();
  });

  it('clamps a range to the file and refuses one that lies beyond it', () => {
    expect(resolveRange({ start: 2, end: 4 }, 10)).toEqual({ start: 2, end: 4 });
    expect(resolveRange({ start: 8, end: 99 }, 10)).toEqual({ start: 8, end: 9 });
    expect(resolveRange({ start: 3 }, 10)).toEqual({ start: 3, end: 9 });
    expect(resolveRange({ end: 4 }, 10)).toEqual({ start: 6, end: 9 });
    expect(resolveRange({ end: 40 }, 10)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 10 }, 10)).toBeUndefined();
    expect(resolveRange({ start: 5, end: 2 }, 10)).toBeUndefined();
    expect(resolveRange({ end: 0 }, 10)).toBeUndefined();
  });
});

describe('readLocal', () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-readlocal-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-outside-'));
    fs.mkdirSync(path.join(root, 'task'));
    fs.writeFileSync(path.join(root, 'task', 'out.txt'), 'abcdefghij');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('serves a file inside the folder, whole or a range of it', async () => {
    const whole = await readLocal(root, 'task/out.txt');
    expect(whole?.size).toBe(10);
    expect(await text(whole!.body)).toBe('abcdefghij');
    const part = await readLocal(root, 'task/out.txt', { start: 7 });
    expect(part?.range).toEqual({ start: 7, end: 9 });
    expect(await text(part!.body)).toBe('hij');
    await expect(readLocal(root, 'task/out.txt', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiable);
  });

  it('serves nothing outside the folder, through a name or a link a task left, nor folders', async () => {
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'task', 'link.txt'));
    expect(await readLocal(root, '../' + path.basename(outside) + '/secret.txt')).toBeUndefined();
    expect(await readLocal(root, 'task/link.txt')).toBeUndefined();
    expect(await readLocal(root, 'task')).toBeUndefined();
    expect(await readLocal(root, 'task/missing.txt')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { hideServerPaths, hideServerPathsStream } from './server-paths.js';

describe('hideServerPaths', () => {
  it('makes the data directory relative and drops the sandbox mount points', () => {
    const log = [
      "ENOENT: no such file or directory, open '/srv/asb-data/datastore/alice/executions/x/a/out.tif'",
      '  File "/task/wrapper/process_wrapper.py", line 8, in execute',
      '  File "/task/runner/asb_runner.py", line 172, in run',
      'cwd /srv/asb-data',
    ].join('\n');
    expect(hideServerPaths(log, '/srv/asb-data/')).toBe(
      [
        "ENOENT: no such file or directory, open 'datastore/alice/executions/x/a/out.tif'",
        '  File "process_wrapper.py", line 8, in execute',
        '  File "asb_runner.py", line 172, in run',
        'cwd .',
      ].join('\n'),
    );
  });

  it('leaves a longer name that merely starts like the data directory', () => {
    expect(hideServerPaths('/srv/asb-data2/x and /task/out/x.tif', '/srv/asb-data')).toBe('/srv/asb-data2/x and /task/out/x.tif');
  });
});

describe('hideServerPathsStream', () => {
  const dataDir = '/srv/asb-data';
  const log = [
    'Reading /srv/asb-data/datastore/alice/executions/x/scene.tif — 4 bands, 256 × 256 pixels',
    '  File "/task/wrapper/process_wrapper.py", line 8, in execute',
    'cwd /srv/asb-data',
    'done: /srv/asb-data/datastore/alice/out.tif',
  ].join('\n');

  async function through(chunks: Buffer[]): Promise<string> {
    const parts: string[] = [];
    const stream = hideServerPathsStream(dataDir);
    stream.on('data', (part: Buffer | string) => parts.push(part.toString()));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
    await ended;
    return parts.join('');
  }

  it('answers what hideServerPaths answers for the whole text, however the text is cut into chunks', async () => {
    const bytes = Buffer.from(log, 'utf8');
    const whole = hideServerPaths(log, dataDir);
    expect(whole).not.toContain(dataDir);
    // every cut into two chunks (through a path, inside a multi-byte character), and bytes one at a time
    for (let cut = 0; cut <= bytes.length; cut++) expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(whole);
  });
});

import { describe, expect, it } from 'vitest';
import { hideServerPaths } from './server-paths.js';

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

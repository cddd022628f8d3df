import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openSandbox } from '../../src/engine/sandbox/open-sandbox.js';
import type { TaskSandbox } from '../../src/engine/sandbox/task-sandbox.js';

let opened: TaskSandbox | undefined;

/**
 * The real task sandbox, as a server with the default settings opens it (bubblewrap; the tests
 * install it), each attempt on a filesystem of its own. Those it made ahead stay until the
 * test process ends, when its reaper removes them (disk-places.ts).
 */
export function testSandbox(): TaskSandbox {
  opened ??= openSandbox(loadConfig({}).sandbox, loadConfig({}).pythonCommand, undefined, path.join(os.tmpdir(), 'asb-test-task-disks'));
  return opened;
}

import { loadConfig } from '../../src/config.js';
import { openSandbox, type TaskSandbox } from '../../src/engine/sandbox/task-sandbox.js';

let opened: TaskSandbox | undefined;

/** The real task sandbox, as a server with the default settings opens it (bubblewrap; the tests install it). */
export function testSandbox(): TaskSandbox {
  opened ??= openSandbox(loadConfig({}).sandbox, loadConfig({}).pythonCommand);
  return opened;
}

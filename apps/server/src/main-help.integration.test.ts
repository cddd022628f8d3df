import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER = fileURLToPath(new URL('..', import.meta.url));

/** `asb --help` as an operator types it: the entry point prints the help and exits, it starts no server. */
describe('asb --help', () => {
  it('prints the help and exits 0', async () => {
    // the test's own limit ends a server that would start instead
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/main.ts', '--help'], {
      cwd: SERVER,
      env: { ...process.env, ASB_DATA_DIR: '/nonexistent/asb-help-test' },
    });
    expect(stdout).toMatch(/^Usage: asb \[command\]/);
    expect(stdout).toContain('catalogue ingest');
  });
});

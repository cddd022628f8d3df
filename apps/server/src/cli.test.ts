import { describe, expect, it, vi } from 'vitest';
import { HELP, runCli } from './cli.js';
import { INGEST_USAGE } from './modules/catalogue/ingest-usage.js';

/** Help is printed, not acted on: no database is opened for it (a portal may hold it). */
describe('asb help', () => {
  const printed = async (argv: string[]) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const code = await runCli(argv);
    const text = log.mock.calls.map((call) => String(call[0])).join('\n');
    log.mockRestore();
    return { code, text };
  };

  it('prints the commands for --help, -h and help', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['create-user', 'x', '--help']]) {
      expect(await printed(argv)).toEqual({ code: 0, text: HELP });
    }
  });

  it('prints the usage of catalogue ingest for its --help, without ingesting', async () => {
    const { code, text } = await printed(['catalogue', 'ingest', '--help']);
    expect(code).toBe(0);
    expect(text).toBe(INGEST_USAGE);
    expect(text).toMatch(/^Usage: asb catalogue ingest <PATH-or-URL>/);
    expect(text).toContain('--skip-invalid');
  });
});

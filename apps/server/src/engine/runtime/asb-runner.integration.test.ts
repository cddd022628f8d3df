import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALE_WRAPPER } from '../../../test/helpers/wrappers.js';
import { runtimeScript } from './python-scripts.js';

const run = promisify(execFile);

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe('asb_runner.py', () => {
  let dir: string;
  const runner = async (wrapper: string, inputs: object, extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<RunResult> => {
    await fs.writeFile(path.join(dir, 'process_wrapper.py'), wrapper);
    await fs.writeFile(path.join(dir, 'inputs.json'), JSON.stringify(inputs));
    try {
      const { stdout, stderr } = await run('python3', [runtimeScript('asb_runner.py'), '--inputs', 'inputs.json', '--out-dir', 'out', ...extra], {
        cwd: dir,
        env: { ...process.env, ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  const lastLine = (text: string) => text.trim().split('\n').at(-1);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-runner-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('calls execute with the inputs and declared defaults, and prints only the outputs on stdout', async () => {
    const result = await runner(SCALE_WRAPPER, { value: 21 });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ result: 42, report: 'report.txt' });
    expect(result.stderr).toContain('scaling 21');
    expect(await fs.readFile(path.join(dir, 'out', 'report.txt'), 'utf8')).toBe('scaled: 42\n');
  });

  it('writes the outputs to a file when asked', async () => {
    const result = await runner(SCALE_WRAPPER, { value: 1, factor: 3, label: 'x' }, ['--outputs', 'outputs.json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'outputs.json'), 'utf8'))).toEqual({ result: 3, report: 'report.txt' });
  });

  it('exits 2 for missing or unknown inputs', async () => {
    expect(await runner(SCALE_WRAPPER, {})).toMatchObject({ code: 2 });
    expect(lastLine((await runner(SCALE_WRAPPER, {})).stderr)).toBe("asb_runner: missing input 'value' (it has no default)");
    expect(lastLine((await runner(SCALE_WRAPPER, { value: 1, colour: 'red' })).stderr)).toContain("unknown inputs ['colour']");
  });

  it('exits 1 with the traceback when execute raises', async () => {
    const result = await runner(SCALE_WRAPPER, { value: 'text', factor: 'x' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Traceback');
    expect(lastLine(result.stderr)).toMatch(/^asb_runner: execute\(\) failed: TypeError/);
  });

  it('exits 3 when the wrapper cannot be imported and 4 when outputs are missing or escape out_dir', async () => {
    expect((await runner('import not_a_module\n', {})).code).toBe(3);
    const missing = 'INPUTS = []\nOUTPUTS = [{"name": "a", "data_type": "x"}]\ndef execute(out_dir):\n    return {}\n';
    const result = await runner(missing, {});
    expect(result.code).toBe(4);
    expect(lastLine(result.stderr)).toBe("asb_runner: execute() did not return the declared outputs ['a']");
    const escaping = 'INPUTS = []\nOUTPUTS = [{"name": "a", "data_type": "x"}]\ndef execute(out_dir):\n    return {"a": "/etc/hostname"}\n';
    expect(lastLine((await runner(escaping, {})).stderr)).toContain("output 'a' points outside the output directory");
  });

  it('limits the memory to ASB_MEMORY_MB: allocating more fails with MemoryError (exit 1)', async () => {
    const hungry =
      'INPUTS = []\nOUTPUTS = [{"name": "n", "data_type": "int"}]\ndef execute(out_dir):\n    block = bytearray(300 * 1024 * 1024)\n    return {"n": len(block)}\n';
    const limited = await runner(hungry, {}, [], { ASB_MEMORY_MB: '100' });
    expect(limited.code).toBe(1);
    expect(lastLine(limited.stderr)).toBe('asb_runner: execute() failed: MemoryError: out of memory (the task may use 100 MB)');
    const roomy = await runner(hungry, {}, [], { ASB_MEMORY_MB: '600' });
    expect(roomy.code, roomy.stderr).toBe(0);
    expect(JSON.parse(roomy.stdout)).toEqual({ n: 300 * 1024 * 1024 });
    expect(lastLine((await runner(hungry, {}, [], { ASB_MEMORY_MB: 'lots' })).stderr)).toContain('ASB_MEMORY_MB must be a whole number');
  });
});

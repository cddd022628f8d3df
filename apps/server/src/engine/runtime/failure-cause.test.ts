import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { firstErrorLine } from './failure-cause.js';

/** What Node prints on stderr when `source` throws uncaught. */
function crashOutput(source: string): string[] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
  expect(run.status).not.toBe(0);
  return run.stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean);
}

describe('firstErrorLine', () => {
  it('finds the cause of a Node crash, which its last lines (frames and fields) do not hold', () => {
    const lines = crashOutput(`import fs from 'node:fs'; function read() { return fs.readFileSync('/no/such/model.onnx'); } read();`);
    expect(lines.slice(-6).join('\n')).not.toContain('no such file');
    expect(firstErrorLine(lines)).toBe("Error: ENOENT: no such file or directory, open '/no/such/model.onnx'");
  });

  it('reads a TypeError thrown in a nested call and a coded Node error', () => {
    expect(firstErrorLine(crashOutput('const f = (x) => x.shape.length; f(undefined);'))).toMatch(/^TypeError: Cannot read properties of undefined/);
    expect(firstErrorLine(crashOutput(`import { Buffer } from 'node:buffer'; Buffer.alloc(-1);`))).toMatch(/^RangeError \[ERR_OUT_OF_RANGE\]: /);
  });

  it('answers nothing for output with no error line (the caller shows its last lines)', () => {
    expect(firstErrorLine(['[2026-11-28T09:00:00Z] input a: 3 numbers', 'Killed'])).toBeUndefined();
  });
});

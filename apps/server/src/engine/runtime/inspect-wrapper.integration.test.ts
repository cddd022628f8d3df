import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTar } from '../../../test/helpers/tar.js';
import { BROKEN_WRAPPER, SCALE_SIGNATURE, SCALE_WRAPPER } from '../../../test/helpers/wrappers.js';
import { inspectArchivedWrapper, inspectWrapper } from './inspect-wrapper.js';

describe('inspectWrapper', () => {
  let dir: string;
  const inspect = async (source: string) => {
    await fs.writeFile(path.join(dir, 'process_wrapper.py'), source);
    return inspectWrapper(dir);
  };
  const errorOf = async (source: string) => {
    const inspection = await inspect(source);
    if (inspection.status !== 'invalid') throw new Error(`expected an invalid wrapper, got ${JSON.stringify(inspection)}`);
    return inspection.error;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-inspect-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('reads the declared signature', async () => {
    expect(await inspect(SCALE_WRAPPER)).toEqual({ status: 'valid', signature: SCALE_SIGNATURE });
  });

  it('reads the constraints of the inputs', async () => {
    const source = [
      'INPUTS = [',
      '    {"name": "west", "data_type": "longitude", "minimum": -180, "maximum": 180, "less_than": "east"},',
      '    {"name": "east", "data_type": "longitude", "default": 4.5},',
      '    {"name": "code", "data_type": "string", "pattern": "[A-Z]{2}"},',
      '    {"name": "mode", "data_type": "string", "enum": ["fast", 2], "default": 2},',
      ']',
      'OUTPUTS = []',
      'def execute(out_dir, **inputs):',
      '    return {}',
      '',
    ].join('\n');
    const inspection = await inspect(source);
    if (inspection.status !== 'valid') throw new Error(JSON.stringify(inspection));
    expect(inspection.signature.inputs.map((input) => input.constraints)).toEqual([
      { minimum: -180, maximum: 180, less_than: 'east' },
      undefined,
      { pattern: '[A-Z]{2}' },
      { enum: ['fast', '2'] },
    ]);
  });

  it('never runs the wrapper', async () => {
    const marker = path.join(dir, 'ran');
    const source = `open(${JSON.stringify(marker)}, "w").write("x")\n${SCALE_WRAPPER}`;
    expect((await inspect(source)).status).toBe('valid');
    await expect(fs.access(marker)).rejects.toThrow();
  });

  it('reports a syntax error the way Python does, with the line', async () => {
    const error = await errorOf(BROKEN_WRAPPER);
    expect(error).toContain('line 3');
    expect(error).toContain('SyntaxError');
    expect(error).toContain('def execute(out_dir, **inputs)');
  });

  it('answers missing without a wrapper file', async () => {
    expect(await inspectWrapper(path.join(dir, 'nowhere'))).toEqual({ status: 'missing' });
  });

  it.each([
    ['no OUTPUTS', 'INPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n', 'must declare OUTPUTS'],
    ['a computed literal', 'INPUTS = list()\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n', 'INPUTS (line 1) must be a literal'],
    ['no execute', 'INPUTS = []\nOUTPUTS = []\n', 'must define a module-level function'],
    [
      'an invalid input name',
      'INPUTS = [{"name": "Input 1", "data_type": "float"}]\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n',
      "name 'Input 1' must be a valid Python identifier",
    ],
    [
      'a duplicated output',
      'INPUTS = []\nOUTPUTS = [{"name": "a", "data_type": "x"}, {"name": "a", "data_type": "x"}]\ndef execute(out_dir):\n    return {}\n',
      "name 'a' is declared twice",
    ],
    [
      'a misspelt key',
      'INPUTS = [{"name": "a", "datatype": "x"}]\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n',
      "unknown keys ['datatype']",
    ],
    [
      'a minimum above the maximum',
      'INPUTS = [{"name": "a", "data_type": "integer", "minimum": 5, "maximum": 1}]\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n',
      'minimum must not be greater than maximum',
    ],
    [
      'a default outside the bounds',
      'INPUTS = [{"name": "a", "data_type": "integer", "maximum": 10, "default": 11}]\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n',
      'default 11 is above the maximum 10',
    ],
    [
      'less_than naming no input',
      'INPUTS = [{"name": "a", "data_type": "float", "less_than": "b"}]\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n',
      "less_than must name another input, not 'b'",
    ],
    [
      'a pattern only Python reads',
      'INPUTS = [{"name": "a", "data_type": "string", "pattern": "(?P<x>a)"}]\nOUTPUTS = []\ndef execute(out_dir, **inputs):\n    return {}\n',
      'pattern is not a regular expression JavaScript can read',
    ],
    [
      'constraints on an output',
      'INPUTS = []\nOUTPUTS = [{"name": "a", "data_type": "x", "minimum": 1}]\ndef execute(out_dir):\n    return {}\n',
      "unknown keys ['minimum']",
    ],
    [
      'a shell-like dependency',
      'INPUTS = []\nOUTPUTS = []\nDEPENDENCIES = ["numpy; rm -rf /"]\ndef execute(out_dir):\n    return {}\n',
      'invalid requirements',
    ],
    [
      'an input execute cannot take',
      'INPUTS = [{"name": "a", "data_type": "x"}]\nOUTPUTS = []\ndef execute(out_dir):\n    return {}\n',
      "does not accept the inputs ['a']",
    ],
    [
      'negative resources',
      'INPUTS = []\nOUTPUTS = []\nRESOURCES = {"cpus": 0}\ndef execute(out_dir):\n    return {}\n',
      "RESOURCES['cpus'] must be an integer of at least 1",
    ],
  ])('refuses %s', async (_case, source, message) => {
    expect(await errorOf(source)).toContain(message);
  });

  it('accepts explicit parameters instead of **inputs, and fills missing resources with defaults', async () => {
    const source = 'INPUTS = [{"name": "a", "data_type": "x"}]\nOUTPUTS = []\nRESOURCES = {"gpus": 1}\ndef execute(out_dir, a, b=1):\n    return {}\n';
    expect(await inspect(source)).toMatchObject({ status: 'valid', signature: { resources: { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 1 } } });
  });

  it('reads a wrapper at the root of a tar archive without extracting it', async () => {
    const archive = path.join(dir, 'bundle.tar.gz');
    await fs.writeFile(archive, makeTar([{ name: './process_wrapper.py', content: SCALE_WRAPPER }], { gzip: true }));
    expect(await inspectArchivedWrapper(archive)).toEqual({ status: 'valid', signature: SCALE_SIGNATURE });
    await fs.writeFile(archive, makeTar([{ name: 'sub/process_wrapper.py', content: SCALE_WRAPPER }], { gzip: true }));
    expect(await inspectArchivedWrapper(archive)).toEqual({ status: 'missing' });
  });
});

import { describe, expect, it } from 'vitest';
import { parseDefault } from './default-value';
import { toPythonIdentifier, uniqueIdentifiers } from './python-identifier';
import { pythonLiteral, pythonString } from './python-literal';
import { generateWrapper, normaliseSignature, orderInputs, type WrapperSpec } from './wrapper-code';

const RESOURCES = { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 0 };

function spec(overrides: Partial<WrapperSpec> = {}): WrapperSpec {
  return { inputs: [], outputs: [], mainDependency: null, dependencies: [], resources: RESOURCES, ...overrides };
}

describe('toPythonIdentifier', () => {
  it.each([
    ['Input 1', 'input_1'],
    ['red', 'red'],
    ['Rouge (B4)', 'rouge_b4'],
    ['nearInfrared', 'near_infrared'],
    ['  --cloud--cover--  ', 'cloud_cover'],
    ['Détection à Liège', 'detection_a_liege'],
    ['2nd band', '_2nd_band'],
    ['class', 'class_'],
    ['None', 'none'],
    ['lambda', 'lambda_'],
    ['€€', 'value'],
  ])('%j -> %s', (name, expected) => {
    expect(toPythonIdentifier(name)).toBe(expected);
  });

  it('keeps names the wrapper function binds free', () => {
    expect(toPythonIdentifier('out dir', 'input', ['out_dir', 'inputs'])).toBe('out_dir_');
    expect(toPythonIdentifier('Inputs', 'input', ['out_dir', 'inputs'])).toBe('inputs_');
  });

  it('makes repeated names unique', () => {
    expect(uniqueIdentifiers(['Band', 'band', 'BAND', ''], 'input')).toEqual(['band', 'band_2', 'band_3', 'input']);
  });
});

describe('python literals', () => {
  it('writes True, False and None', () => {
    expect(pythonLiteral(true)).toBe('True');
    expect(pythonLiteral(false)).toBe('False');
    expect(pythonLiteral(null)).toBe('None');
  });

  it('writes numbers as they are and refuses what has no literal', () => {
    expect(pythonLiteral(0.3)).toBe('0.3');
    expect(pythonLiteral(-12)).toBe('-12');
    expect(() => pythonLiteral(Number.NaN)).toThrow(RangeError);
  });

  it('escapes strings like json.dumps', () => {
    expect(pythonString('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(pythonString('a\nb\tc\r')).toBe('"a\\nb\\tc\\r"');
    expect(pythonString('\u0001')).toBe('"\\u0001"');
    expect(pythonString('é')).toBe('"\\u00e9"');
    expect(pythonString("it's ''' fine")).toBe("\"it's ''' fine\"");
  });

  it('writes characters beyond the BMP as one \\U escape', () => {
    expect(pythonString('🛰')).toBe('"\\U0001f6f0"');
  });
});

describe('orderInputs and normaliseSignature', () => {
  it('lists inputs with a default last and keeps the order otherwise', () => {
    const ordered = orderInputs([{ name: 'a', defaultValue: 1 }, { name: 'b' }, { name: 'c', defaultValue: false }, { name: 'd' }]);
    expect(ordered.map((input) => input.name)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('treats a null default as a default', () => {
    expect(orderInputs([{ name: 'a', defaultValue: null }, { name: 'b' }]).map((input) => input.name)).toEqual(['b', 'a']);
  });

  it('names inputs and outputs with unique identifiers', () => {
    const result = normaliseSignature({
      inputs: [
        { name: 'Input 1', dataType: 'GeoTIFF' },
        { name: 'input_1', dataType: 'GeoTIFF' },
      ],
      outputs: [{ name: 'Output 1', dataType: 'GeoTIFF' }],
    });
    expect(result.inputs.map((input) => input.name)).toEqual(['input_1', 'input_1_2']);
    expect(result.outputs.map((output) => output.name)).toEqual(['output_1']);
  });
});

describe('parseDefault', () => {
  it('reads numbers, whole numbers and booleans by data type', () => {
    expect(parseDefault('0.3', 'float')).toEqual({ value: 0.3 });
    expect(parseDefault('1e3', 'double')).toEqual({ value: 1000 });
    expect(parseDefault('7', 'int')).toEqual({ value: 7 });
    expect(parseDefault('7.5', 'integer')).toEqual({ error: 'Enter a whole number' });
    expect(parseDefault('0x10', 'float')).toEqual({ error: 'Enter a number' });
    expect(parseDefault('1e999', 'float')).toEqual({ error: 'Enter a number' });
    expect(parseDefault('True', 'boolean')).toEqual({ value: true });
    expect(parseDefault('no', 'bool')).toEqual({ value: false });
    expect(parseDefault('maybe', 'bool')).toEqual({ error: 'Enter true or false' });
  });

  it('keeps text as typed and reads an empty field as no default', () => {
    expect(parseDefault(' EPSG:4326 ', 'string')).toEqual({ value: ' EPSG:4326 ' });
    expect(parseDefault('   ', 'float')).toEqual({ value: undefined });
  });
});

describe('generateWrapper', () => {
  const ndvi = spec({
    inputs: [
      { name: 'Threshold', dataType: 'float', defaultValue: 0.3 },
      { name: 'red', dataType: 'GeoTIFF' },
      { name: 'Mask clouds', dataType: 'boolean', defaultValue: true },
      { name: 'label', dataType: 'string', defaultValue: 'NDVI "v1"\n' },
    ],
    outputs: [{ name: 'ndvi', dataType: 'GeoTIFF' }],
    mainDependency: { identifier: 'python3', label: 'Python 3' },
    dependencies: [
      { identifier: 'python3', label: 'Python 3' },
      { identifier: 'numpy', label: 'NumPy' },
    ],
    resources: { cpus: 2, ramMb: 4096, diskMb: 10240, gpus: 1 },
  });

  it('declares the signature as module-level literals, required inputs first', () => {
    const code = generateWrapper(ndvi);
    expect(code).toContain(
      [
        'INPUTS = [',
        '    {"name": "red", "data_type": "GeoTIFF"},',
        '    {"name": "threshold", "data_type": "float", "default": 0.3},',
        '    {"name": "mask_clouds", "data_type": "boolean", "default": True},',
        '    {"name": "label", "data_type": "string", "default": "NDVI \\"v1\\"\\n"},',
        ']',
      ].join('\n'),
    );
    expect(code).toContain('OUTPUTS = [\n    {"name": "ndvi", "data_type": "GeoTIFF"},\n]');
    expect(code).toContain('DEPENDENCIES = ["python3", "numpy"]');
    expect(code).toContain('RESOURCES = {"cpus": 2, "ram_mb": 4096, "disk_mb": 10240, "gpus": 1}');
  });

  it('writes execute(out_dir, **inputs) reading every input and returning every output', () => {
    const code = generateWrapper(ndvi);
    expect(code).toContain('def execute(out_dir, **inputs):\n    red = inputs["red"]\n    threshold = inputs.get("threshold", 0.3)');
    expect(code).toContain('    mask_clouds = inputs.get("mask_clouds", True)');
    expect(code).toContain('    return {\n        "ndvi": None,  # GeoTIFF\n    }');
  });

  it('comments the main dependency and the extra imports at the top', () => {
    const lines = generateWrapper(ndvi).split('\n');
    const firstCode = lines.findIndex((line) => line.startsWith('INPUTS'));
    const top = lines.slice(0, firstCode);
    expect(top).toContain('# Main dependency: Python 3');
    expect(top).toContain('# import python3');
    expect(top).toContain('# import numpy');
    expect(top.filter((line) => line === '# import python3')).toHaveLength(1);
    expect(top.every((line) => line === '' || line.startsWith('#'))).toBe(true);
  });

  it('keeps labels with line breaks inside their comment', () => {
    const code = generateWrapper(spec({ mainDependency: { identifier: 'x', label: 'Evil\nimport os' } }));
    expect(code).toContain('# Main dependency: Evil import os');
    expect(code.split('\n').some((line) => line.startsWith('import'))).toBe(false);
  });

  it('writes empty lists and an empty result without inputs and outputs', () => {
    const code = generateWrapper(spec());
    expect(code).toContain('INPUTS = []');
    expect(code).toContain('OUTPUTS = []');
    expect(code).toContain('DEPENDENCIES = []');
    expect(code).toContain('def execute(out_dir, **inputs):\n    # TODO');
    expect(code).toContain('    return {}\n');
  });
});

import { describe, expect, it } from 'vitest';
import { NO_CONSTRAINTS, parseConstraints } from './constraint-draft';
import { generateWrapper } from './wrapper-code';

const RESOURCES = { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 0 };

describe('input constraints in the Wrapper Generator', () => {
  it('reads minimum, maximum, pattern and allowed values, and marks what cannot be read', () => {
    expect(parseConstraints({ minimumText: '16', maximumText: ' 2048 ', pattern: '', enumText: '' })).toEqual({
      constraints: { minimum: 16, maximum: 2048 },
      errors: {},
    });
    expect(parseConstraints({ ...NO_CONSTRAINTS, enumText: 'fast, slow, ,fast' }).constraints).toEqual({ enum: ['fast', 'slow'] });
    expect(parseConstraints({ minimumText: 'ten', maximumText: '', pattern: '(', enumText: '' }).errors).toEqual({
      minimumText: 'Enter a number',
      pattern: 'Not a regular expression',
    });
    expect(parseConstraints({ ...NO_CONSTRAINTS, minimumText: '5', maximumText: '1' }).errors).toEqual({ maximumText: 'Must not be below the minimum' });
  });

  it('writes them as keys of the input the platform reads', () => {
    const code = generateWrapper({
      inputs: [
        { name: 'size', dataType: 'integer', defaultValue: 256, constraints: { minimum: 16, maximum: 2048 } },
        { name: 'mode', dataType: 'string', constraints: { pattern: '[a-z]+', enum: ['fast', 'slow'] } },
      ],
      outputs: [],
      mainDependency: null,
      dependencies: [],
      resources: RESOURCES,
    });
    expect(code).toContain('{"name": "mode", "data_type": "string", "pattern": "[a-z]+", "enum": ["fast", "slow"]},');
    expect(code).toContain('{"name": "size", "data_type": "integer", "default": 256, "minimum": 16, "maximum": 2048},');
  });
});

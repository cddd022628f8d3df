import { describe, expect, it } from 'vitest';
import {
  addInput,
  addOutput,
  chooseMainDependency,
  defaultDataType,
  EMPTY_DRAFT,
  missingRequirements,
  nextName,
  specOf,
  type DataType,
  type SoftwareDependency,
} from './wrapper-draft';

function dataType(id: number): DataType {
  return {
    type: 'data-types',
    id: String(id),
    attributes: { identifier: `type-${id}`, label: `Type ${id}` } as DataType['attributes'],
    relationships: { workspaces: { data: [] } },
  };
}

function dependency(identifier: string, label: string, isMain = false, requirements: string[] = []): SoftwareDependency {
  return {
    type: 'software-dependencies',
    id: identifier,
    attributes: { identifier, label, isMain, requirements } as SoftwareDependency['attributes'],
    relationships: { workspaces: { data: [] } },
  };
}

const CATALOGUE = [dependency('snap', 'SNAP', true, ['gdal', 'java']), dependency('gdal', 'GDAL'), dependency('java', 'OpenJDK'), dependency('numpy', 'NumPy')];

describe('defaultDataType', () => {
  it('takes index 45 of the data types sorted by id', () => {
    const types = Array.from({ length: 60 }, (_, i) => dataType(i + 1));
    expect(defaultDataType(types)).toBe('type-46');
  });

  it('falls back to the first data type on a short list, and to none without any', () => {
    expect(defaultDataType([dataType(1), dataType(2)])).toBe('type-1');
    expect(defaultDataType([])).toBe('');
  });
});

describe('new inputs and outputs', () => {
  it("are named 'Input N' and 'Output N' with the default data type", () => {
    let draft = addInput(EMPTY_DRAFT, 'geotiff');
    draft = addInput(draft, 'geotiff');
    draft = addOutput(draft, 'geotiff');
    expect(draft.inputs.map((i) => [i.name, i.dataType, i.defaultText])).toEqual([
      ['Input 1', 'geotiff', ''],
      ['Input 2', 'geotiff', ''],
    ]);
    expect(draft.outputs.map((o) => o.name)).toEqual(['Output 1']);
    expect(new Set([...draft.inputs, ...draft.outputs].map((item) => item.key)).size).toBe(3);
  });

  it('skip a name still in use after a removal', () => {
    expect(nextName('Input', [{ name: 'Input 2' }])).toBe('Input 3');
    expect(nextName('Input', [{ name: 'Input 1' }, { name: 'red' }])).toBe('Input 3');
  });
});

describe('main dependency', () => {
  it('adds its requirements to the software dependencies once', () => {
    const draft = chooseMainDependency({ ...EMPTY_DRAFT, dependencies: ['gdal', 'numpy'] }, 'snap', CATALOGUE);
    expect(draft.mainDependency).toBe('snap');
    expect(draft.dependencies).toEqual(['gdal', 'numpy', 'java']);
    expect(missingRequirements(draft, CATALOGUE)).toEqual([]);
  });

  it("lists a removed requirement as 'Missing requirement {label} of {main}'", () => {
    const draft = { ...chooseMainDependency(EMPTY_DRAFT, 'snap', CATALOGUE), dependencies: ['java'] };
    expect(missingRequirements(draft, CATALOGUE)).toEqual(['Missing requirement GDAL of SNAP']);
  });

  it('takes the main dependency out of the other dependencies', () => {
    expect(chooseMainDependency({ ...EMPTY_DRAFT, dependencies: ['snap', 'numpy'] }, 'snap', CATALOGUE).dependencies).toEqual(['numpy', 'gdal', 'java']);
  });

  it('names nothing missing without a main dependency', () => {
    expect(missingRequirements(chooseMainDependency(EMPTY_DRAFT, null, CATALOGUE), CATALOGUE)).toEqual([]);
  });
});

describe('specOf', () => {
  it('reads the defaults by data type and reports the unreadable ones by input key', () => {
    let draft = addInput(addInput(EMPTY_DRAFT, 'float'), 'float');
    draft = {
      ...draft,
      inputs: [
        { ...draft.inputs[0]!, defaultText: '0.3' },
        { ...draft.inputs[1]!, defaultText: 'abc' },
      ],
    };
    const { spec, defaultErrors, pythonNames } = specOf(draft, CATALOGUE);
    expect(spec.inputs.map((i) => i.defaultValue)).toEqual([0.3, undefined]);
    expect(defaultErrors).toEqual({ [draft.inputs[1]!.key]: 'Enter a number' });
    expect(pythonNames[draft.inputs[0]!.key]).toBe('input_1');
  });

  it('converts the resources to MB and labels the dependencies', () => {
    const draft = { ...chooseMainDependency(EMPTY_DRAFT, 'snap', CATALOGUE), resources: { cpus: 2, ramGb: 7, diskGb: 20, gpus: 1 } };
    const { spec } = specOf(draft, CATALOGUE);
    expect(spec.resources).toEqual({ cpus: 2, ramMb: 7168, diskMb: 20480, gpus: 1 });
    expect(spec.mainDependency).toEqual({ identifier: 'snap', label: 'SNAP' });
    expect(spec.dependencies.map((d) => d.label)).toEqual(['GDAL', 'OpenJDK']);
  });
});

import type { DataTypeAttributes, ResourceObject, SoftwareDependencyAttributes } from '@asb/contracts';
import { DEFAULT_CHOICE, resourcesOf, type ResourceChoice } from '../resources';
import { NO_CONSTRAINTS, parseConstraints, type ConstraintErrors, type ConstraintTexts } from './constraint-draft';
import { parseDefault } from './default-value';
import { normaliseSignature, type WrapperDependency, type WrapperInput, type WrapperSpec } from './wrapper-code';

export interface InputDraft extends ConstraintTexts {
  key: number;
  name: string;
  /** data type identifier */
  dataType: string;
  /** as typed; empty means required */
  defaultText: string;
}

export interface OutputDraft {
  key: number;
  name: string;
  dataType: string;
}

/** The Wrapper Generator form. */
export interface WrapperDraft {
  inputs: InputDraft[];
  outputs: OutputDraft[];
  /** identifier of the main dependency */
  mainDependency: string | null;
  /** identifiers of the software dependencies */
  dependencies: string[];
  resources: ResourceChoice;
  nextKey: number;
}

export type DataType = ResourceObject<DataTypeAttributes>;
export type SoftwareDependency = ResourceObject<SoftwareDependencyAttributes>;

export const EMPTY_DRAFT: WrapperDraft = { inputs: [], outputs: [], mainDependency: null, dependencies: [], resources: DEFAULT_CHOICE, nextKey: 1 };

/** Spec 2 §5: new inputs and outputs get the data type at index 45 of the list sorted by id. */
const DEFAULT_DATA_TYPE_INDEX = 45;

export function defaultDataType(dataTypes: DataType[]): string {
  return (dataTypes[DEFAULT_DATA_TYPE_INDEX] ?? dataTypes[0])?.attributes.identifier ?? '';
}

/** 'Input N' / 'Output N' with N the new count, stepping on when that name is taken. */
export function nextName(prefix: 'Input' | 'Output', existing: { name: string }[]): string {
  const names = new Set(existing.map((item) => item.name));
  let n = existing.length + 1;
  while (names.has(`${prefix} ${n}`)) n += 1;
  return `${prefix} ${n}`;
}

export function addInput(draft: WrapperDraft, dataType: string): WrapperDraft {
  const input = { key: draft.nextKey, name: nextName('Input', draft.inputs), dataType, defaultText: '', ...NO_CONSTRAINTS };
  return { ...draft, inputs: [...draft.inputs, input], nextKey: draft.nextKey + 1 };
}

export function addOutput(draft: WrapperDraft, dataType: string): WrapperDraft {
  const output = { key: draft.nextKey, name: nextName('Output', draft.outputs), dataType };
  return { ...draft, outputs: [...draft.outputs, output], nextKey: draft.nextKey + 1 };
}

/**
 * Choosing a main dependency adds its requirements to the software dependencies
 * (spec 2 §5); the main one itself leaves that list, it is declared first anyway.
 */
export function chooseMainDependency(draft: WrapperDraft, identifier: string | null, catalogue: SoftwareDependency[]): WrapperDraft {
  const main = catalogue.find((d) => d.attributes.identifier === identifier);
  const added = main?.attributes.requirements ?? [];
  const dependencies = [...new Set([...draft.dependencies, ...added])].filter((id) => id !== identifier);
  return { ...draft, mainDependency: identifier, dependencies };
}

function labelOf(identifier: string, catalogue: SoftwareDependency[]): string {
  return catalogue.find((d) => d.attributes.identifier === identifier)?.attributes.label ?? identifier;
}

/** 'Missing requirement {label} of {main}' for each requirement of the main dependency that was removed. */
export function missingRequirements(draft: WrapperDraft, catalogue: SoftwareDependency[]): string[] {
  const main = catalogue.find((d) => d.attributes.identifier === draft.mainDependency);
  if (!main) return [];
  return main.attributes.requirements
    .filter((requirement) => !draft.dependencies.includes(requirement))
    .map((requirement) => `Missing requirement ${labelOf(requirement, catalogue)} of ${main.attributes.label}`);
}

export interface DraftSpec {
  spec: WrapperSpec;
  /** default values that could not be read, by input key */
  defaultErrors: Record<number, string>;
  /** constraint fields that could not be read, by input key */
  constraintErrors: Record<number, ConstraintErrors>;
  /** the Python identifier each input and output becomes, by key */
  pythonNames: Record<number, string>;
}

/** The generator's input from the form. */
export function specOf(draft: WrapperDraft, catalogue: SoftwareDependency[]): DraftSpec {
  const defaultErrors: Record<number, string> = {};
  const constraintErrors: Record<number, ConstraintErrors> = {};
  const inputs: (WrapperInput & { key: number })[] = draft.inputs.map((input) => {
    const parsed = parseDefault(input.defaultText, input.dataType);
    if (parsed.error !== undefined) defaultErrors[input.key] = parsed.error;
    const { constraints, errors } = parseConstraints(input);
    if (Object.keys(errors).length > 0) constraintErrors[input.key] = errors;
    // the build refuses a default outside the bounds; say so here first
    if (typeof parsed.value === 'number') {
      if (constraints.minimum !== undefined && parsed.value < constraints.minimum) defaultErrors[input.key] = `Below the minimum ${constraints.minimum}`;
      if (constraints.maximum !== undefined && parsed.value > constraints.maximum) defaultErrors[input.key] = `Above the maximum ${constraints.maximum}`;
    }
    return { key: input.key, name: input.name, dataType: input.dataType, defaultValue: parsed.value, constraints };
  });
  const normalised = normaliseSignature({ inputs, outputs: draft.outputs });
  const pythonNames = Object.fromEntries([...normalised.inputs, ...normalised.outputs].map((item) => [item.key, item.name]));
  const dependency = (identifier: string): WrapperDependency => ({ identifier, label: labelOf(identifier, catalogue) });
  return {
    spec: {
      inputs,
      outputs: draft.outputs.map(({ name, dataType }) => ({ name, dataType })),
      mainDependency: draft.mainDependency ? dependency(draft.mainDependency) : null,
      dependencies: draft.dependencies.map(dependency),
      resources: resourcesOf(draft.resources),
    },
    defaultErrors,
    constraintErrors,
    pythonNames,
  };
}

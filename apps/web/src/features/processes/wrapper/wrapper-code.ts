import { pythonDict, pythonLiteral, pythonString, type PythonValue } from './python-literal';
import { uniqueIdentifiers } from './python-identifier';
import type { WrapperConstraints } from './constraint-draft';

export interface WrapperInput {
  name: string;
  dataType: string;
  /** undefined: the input is required */
  defaultValue?: PythonValue;
  constraints?: WrapperConstraints;
}

export interface WrapperOutput {
  name: string;
  dataType: string;
}

export interface WrapperDependency {
  identifier: string;
  label: string;
}

interface WrapperResources {
  cpus: number;
  ramMb: number;
  diskMb: number;
  gpus: number;
}

export interface WrapperSpec {
  inputs: WrapperInput[];
  outputs: WrapperOutput[];
  mainDependency: WrapperDependency | null;
  dependencies: WrapperDependency[];
  resources: WrapperResources;
}

/** execute(out_dir, **inputs) binds these; an input variable of the same name would shadow them. */
const RESERVED = ['out_dir', 'inputs'];

/** Spec 2 §5: inputs with a default value are listed last (the order is otherwise kept). */
export function orderInputs<T extends { defaultValue?: PythonValue }>(inputs: T[]): T[] {
  return [...inputs.filter((input) => input.defaultValue === undefined), ...inputs.filter((input) => input.defaultValue !== undefined)];
}

/** Inputs and outputs with their final names: Python identifiers, unique, defaults last (other fields kept). */
export function normaliseSignature<I extends WrapperInput, O extends WrapperOutput>(spec: { inputs: I[]; outputs: O[] }): { inputs: I[]; outputs: O[] } {
  const ordered = orderInputs(spec.inputs);
  const inputNames = uniqueIdentifiers(
    ordered.map((input) => input.name),
    'input',
    RESERVED,
  );
  const outputNames = uniqueIdentifiers(
    spec.outputs.map((output) => output.name),
    'output',
  );
  return {
    inputs: ordered.map((input, index) => ({ ...input, name: inputNames[index]! })),
    outputs: spec.outputs.map((output, index) => ({ ...output, name: outputNames[index]! })),
  };
}

/** Comment text on one line, whatever a label contains. */
function commentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

function listLiteral(items: string[]): string {
  if (items.length === 0) return '[]';
  return `[\n${items.map((item) => `    ${item},`).join('\n')}\n]`;
}

function header(spec: WrapperSpec): string[] {
  const lines = [
    '# process_wrapper.py, made with the Wrapper Generator.',
    '# The platform reads INPUTS, OUTPUTS, DEPENDENCIES and',
    '# RESOURCES, then calls execute(out_dir, **inputs), which',
    '# returns a dict {output name: value}.',
  ];
  const main = spec.mainDependency;
  if (main) lines.push('#', `# Main dependency: ${commentText(main.label)}`, `# import ${commentText(main.identifier)}`);
  const extra = spec.dependencies.filter((dependency) => dependency.identifier !== main?.identifier);
  if (extra.length > 0) {
    lines.push('#', '# Software dependencies:');
    for (const dependency of extra) lines.push(`# import ${commentText(dependency.identifier)}`);
  }
  return lines;
}

function executeFunction(inputs: WrapperInput[], outputs: WrapperOutput[]): string[] {
  const lines = ['def execute(out_dir, **inputs):'];
  for (const input of inputs) {
    const key = pythonString(input.name);
    lines.push(
      input.defaultValue === undefined ? `    ${input.name} = inputs[${key}]` : `    ${input.name} = inputs.get(${key}, ${pythonLiteral(input.defaultValue)})`,
    );
  }
  if (inputs.length > 0) lines.push('');
  lines.push('    # TODO: compute the outputs; write output files into out_dir.');
  if (outputs.length === 0) {
    lines.push('    return {}');
    return lines;
  }
  lines.push('    return {');
  for (const output of outputs) lines.push(`        ${pythonString(output.name)}: None,  # ${commentText(output.dataType)}`);
  lines.push('    }');
  return lines;
}

/** The wrapper keys of an input's constraints, in a fixed order. */
function constraintEntries(constraints: WrapperConstraints): [string, PythonValue | string[]][] {
  const entries: [string, PythonValue | string[]][] = [];
  if (constraints.minimum !== undefined) entries.push(['minimum', constraints.minimum]);
  if (constraints.maximum !== undefined) entries.push(['maximum', constraints.maximum]);
  if (constraints.pattern !== undefined) entries.push(['pattern', constraints.pattern]);
  if (constraints.enum !== undefined) entries.push(['enum', constraints.enum]);
  return entries;
}

/**
 * The process_wrapper.py of the Wrapper Generator, following the runtime
 * contract of docs/process-runtime.md: module-level literals the server parses
 * without running the file, and an execute() entry point.
 */
export function generateWrapper(spec: WrapperSpec): string {
  const { inputs, outputs } = normaliseSignature(spec);
  const inputItems = inputs.map((input) =>
    pythonDict([
      ['name', input.name],
      ['data_type', input.dataType],
      ...(input.defaultValue === undefined ? [] : [['default', input.defaultValue] as [string, PythonValue]]),
      ...constraintEntries(input.constraints ?? {}),
    ]),
  );
  const outputItems = outputs.map((output) =>
    pythonDict([
      ['name', output.name],
      ['data_type', output.dataType],
    ]),
  );
  const dependencyIds = [...new Set([spec.mainDependency?.identifier, ...spec.dependencies.map((d) => d.identifier)].filter((id) => id !== undefined))];
  const { cpus, ramMb, diskMb, gpus } = spec.resources;
  return [
    ...header(spec),
    '',
    `INPUTS = ${listLiteral(inputItems)}`,
    '',
    `OUTPUTS = ${listLiteral(outputItems)}`,
    '',
    `DEPENDENCIES = [${dependencyIds.map(pythonString).join(', ')}]`,
    '',
    `RESOURCES = ${pythonDict([
      ['cpus', cpus],
      ['ram_mb', ramMb],
      ['disk_mb', diskMb],
      ['gpus', gpus],
    ])}`,
    '',
    '',
    ...executeFunction(inputs, outputs),
    '',
  ].join('\n');
}

import { MAX_CWL_BYTES, type Application, type ApplicationInput, type ApplicationOutput } from '@asb/contracts';
import { DocumentRefused, MAX_DEPTH, type DocumentLimits } from '../../platform/documents/document-limits.js';
import { DocumentInvalid, parseYamlOffThread } from '../../platform/documents/document-pool.js';
import { CwlRefused, importMessage, isObject, listOfNamed, parseType, shortName, texts, typeLabel, type NamedTypes, type Yaml } from './cwl-types.js';
import { schemaOrgMetadata } from './cwl-metadata.js';

export { CwlRefused } from './cwl-types.js';

/** What a CWL text says of itself: the part of an Application that comes from the document (docs/applications.md "Upload and describe"). */
export type CwlDescription = Pick<
  Application,
  | 'identifier'
  | 'title'
  | 'abstract'
  | 'keywords'
  | 'label'
  | 'doc'
  | 'softwareVersion'
  | 'dateCreated'
  | 'releaseNotes'
  | 'license'
  | 'logo'
  | 'author'
  | 'inputs'
  | 'outputs'
  | 'processClass'
  | 'cwlVersion'
  | 'hints'
>;

const RUNNABLE = new Set(['Workflow', 'CommandLineTool', 'ExpressionTool']);
const VERSIONS = new Set(['v1.0', 'v1.1', 'v1.2']);
/** Requirements the local target (cwltool --no-container) does not honour: the page says so. */
const NOT_HONOURED = /^(DockerRequirement|SoftwareRequirement|MPIRequirement|.*:?CUDARequirement)$/;
/** An application's identifier is a path segment and an item id. */
const IDENTIFIER = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,199}$/;

/**
 * What a CWL text may hold (docs/security.md "Request limits"): the largest application package
 * of the shared test data (water-bodies) has about 400 values; a megabyte of nested lists had
 * 500 000 and held the event loop for 23 s. The engine parses a registered CWL again when it
 * runs it, on the event loop: 10 000 values take it some tens of milliseconds.
 */
export const CWL_LIMITS: Required<DocumentLimits> = { maxDepth: MAX_DEPTH, maxBytes: MAX_CWL_BYTES, maxValues: 10_000 };

/**
 * Describes a CWL text (YAML or JSON; a `$graph` or a single process): the process to run
 * (`#main`, else the one Workflow, else the one process), its inputs and outputs, and the
 * schema.org metadata of the application package. The text is parsed in the document worker
 * pool, within CWL_LIMITS (past one: DocumentRefused, naming it); anything else it cannot
 * describe is a CwlRefused whose message says what is wrong.
 */
export async function describeCwl(text: string, options: DescribeOptions = {}): Promise<CwlDescription> {
  const root = await parseCwlText(text);
  try {
    return describe(root, options);
  } catch (error) {
    if (error instanceof CwlRefused) throw error;
    throw new CwlRefused(`The file could not be described: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface DescribeOptions {
  /**
   * The uploaded file's name: a single process without an id is named after it (as cwltool
   * does, `echo-tool.cwl` → `echo-tool`); without it, or in a $graph, a missing id is refused.
   */
  fileName?: string;
}

/** `echo-tool.cwl` → `echo-tool` (an identifier of the allowed characters), or undefined. */
function identifierOfFileName(fileName: string | undefined): string | undefined {
  const base = fileName
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.(cwl|ya?ml|json)$/i, '')
    .replace(/[^A-Za-z0-9_.:-]+/g, '-')
    .replace(/^[^A-Za-z0-9_]+/, '')
    .slice(0, 200);
  return base ? base : undefined;
}

function describe(root: Yaml, options: DescribeOptions): CwlDescription {
  const imported = findImport(root);
  if (imported !== undefined) throw new CwlRefused(importMessage(imported));
  const { process, graph } = mainProcess(root);
  const cwlVersion = root.cwlVersion ?? process.cwlVersion;
  if (typeof cwlVersion !== 'string') throw new CwlRefused('The file is not CWL: it has no cwlVersion.');
  if (!VERSIONS.has(cwlVersion)) throw new CwlRefused(`CWL ${cwlVersion} is not supported: the file must be CWL v1.0, v1.1 or v1.2.`);
  const processClass = process.class;
  const ownId = typeof process.id === 'string' && shortName(process.id) !== '' ? shortName(process.id) : undefined;
  const identifier = ownId ?? (graph.length === 1 && !('$graph' in root) ? identifierOfFileName(options.fileName) : undefined);
  if (identifier === undefined) {
    throw new CwlRefused(`The ${String(processClass)} has no id: an application is registered under its CWL id (add "id: <name>" to it).`);
  }
  if (!IDENTIFIER.test(identifier)) {
    throw new CwlRefused(`The id "${identifier}" cannot name an application: use letters, digits, '.', '_', ':' and '-' (at most 200).`);
  }
  const named = namedTypes(process, root);
  const metadata = schemaOrgMetadata(root, process);
  const { label, doc } = texts(process);
  return {
    identifier,
    title: metadata.name || label || identifier,
    abstract: metadata.description || doc || '',
    keywords: metadata.keywords,
    label: label ?? '',
    doc: doc ?? '',
    softwareVersion: metadata.softwareVersion,
    dateCreated: metadata.dateCreated,
    releaseNotes: metadata.releaseNotes,
    license: metadata.license,
    logo: metadata.logo,
    author: metadata.author,
    inputs: inputsOf(process, named),
    outputs: outputsOf(process, named),
    processClass: processClass as CwlDescription['processClass'],
    cwlVersion,
    hints: notHonoured(graph),
  };
}

/** The text as a YAML (or JSON) mapping, or a refusal saying why it is not CWL. */
async function parseCwlText(text: string): Promise<Yaml> {
  if (text.trim() === '') throw new CwlRefused('The file is not CWL: it is empty.');
  if (Buffer.byteLength(text, 'utf8') > CWL_LIMITS.maxBytes) throw DocumentRefused.tooLarge(CWL_LIMITS.maxBytes);
  let value: unknown;
  try {
    value = await parseYamlOffThread({ text, maxDepth: CWL_LIMITS.maxDepth, maxValues: CWL_LIMITS.maxValues, maxAliasCount: 100 });
  } catch (error) {
    if (error instanceof DocumentInvalid) throw new CwlRefused(`The file is not CWL: it is neither YAML nor JSON (${error.message}).`);
    throw error;
  }
  if (!isObject(value)) throw new CwlRefused('The file is not CWL: it is not a YAML or JSON mapping (a CWL document has cwlVersion, class, inputs...).');
  if (!('$graph' in value) && value.class === undefined)
    throw new CwlRefused('The file is not CWL: it has no class (Workflow, CommandLineTool, ExpressionTool).');
  if (!('$graph' in value) && value.cwlVersion === undefined) throw new CwlRefused('The file is not CWL: it has no cwlVersion.');
  return value;
}

/** The process an execution runs, and every process of the document (for its requirements). */
function mainProcess(root: Yaml): { process: Yaml; graph: Yaml[] } {
  if (!('$graph' in root)) {
    if (!RUNNABLE.has(String(root.class))) throw noRunnable(root.class);
    return { process: root, graph: [root] };
  }
  const graph = root.$graph;
  if (!Array.isArray(graph) || graph.length === 0) throw new CwlRefused('The file is not CWL: its $graph is not a list of processes.');
  const processes = graph.filter(isObject);
  const main = processes.find((process) => typeof process.id === 'string' && shortName(process.id) === 'main' && !process.id.includes('/'));
  if (main) {
    if (!RUNNABLE.has(String(main.class))) throw noRunnable(main.class, '#main');
    return { process: main, graph: processes };
  }
  // the Workflow no step runs is the application (a $graph may hold sub-workflows: EOAP's water-bodies)
  const called = new Set(processes.flatMap(stepRuns).map(shortName));
  const workflows = processes.filter((process) => process.class === 'Workflow' && !(typeof process.id === 'string' && called.has(shortName(process.id))));
  if (workflows.length === 1) return { process: workflows[0]!, graph: processes };
  if (workflows.length > 1) {
    const ids = workflows.map((process) => String(process.id ?? '?')).join(', ');
    throw new CwlRefused(`The $graph has ${workflows.length} Workflows (${ids}) and none is #main: say which one runs by naming it main.`);
  }
  const runnable = processes.filter((process) => RUNNABLE.has(String(process.class)));
  if (runnable.length === 1) return { process: runnable[0]!, graph: processes };
  if (runnable.length === 0) throw noRunnable(undefined, 'The $graph');
  throw new CwlRefused(`The $graph has ${runnable.length} processes, no Workflow and no #main: say which one runs by naming it main.`);
}

/** The `run: '#id'` references of a process's steps. */
function stepRuns(process: Yaml): string[] {
  const steps = process.steps;
  const list = Array.isArray(steps) ? steps : isObject(steps) ? Object.values(steps) : [];
  return list.flatMap((step) => (isObject(step) && typeof step.run === 'string' ? [step.run] : []));
}

function noRunnable(found: unknown, what = 'The file'): CwlRefused {
  const got = found === undefined ? '' : ` (it is ${found === 'Operation' ? 'an Operation, which has nothing to run' : `a ${String(found)}`})`;
  return new CwlRefused(`${what} holds no Workflow, CommandLineTool or ExpressionTool to run${got}.`);
}

/**
 * The first reference to another file: `$import`, `$include`, `$mixin`, a step's `run` that is
 * not a `#` id of the same document. A single upload cannot resolve them, and cwltool would
 * read the server's files for them: refused before cwltool sees the text. schema-salad reads
 * `$import` and `$include` anywhere, a default value too; the document is within MAX_DEPTH.
 */
function findImport(value: unknown, isLiteral = false): string | undefined {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findImport(entry, isLiteral);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  for (const key of ['$import', '$include', '$mixin']) if (key in value) return `${key}: ${String(value[key])}`;
  // a default may hold any text: a `run` there is a value, not a step
  if (!isLiteral && typeof value.run === 'string' && !value.run.startsWith('#')) return value.run;
  for (const [key, entry] of Object.entries(value)) {
    const found = findImport(entry, isLiteral || key === 'default');
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Requirements of a process as [class, body] pairs: the list form and the map form. */
function requirementsOf(process: Yaml): [string, unknown][] {
  const pairs: [string, unknown][] = [];
  for (const key of ['requirements', 'hints']) {
    const raw = process[key];
    if (Array.isArray(raw)) for (const entry of raw) if (isObject(entry) && typeof entry.class === 'string') pairs.push([entry.class, entry]);
    if (isObject(raw)) for (const [name, body] of Object.entries(raw)) pairs.push([name, body]);
  }
  return pairs;
}

/** The SchemaDefRequirement types the process may name: its own and the document's (a $graph's processes share theirs). */
function namedTypes(process: Yaml, root: Yaml): NamedTypes {
  const named: NamedTypes = new Map();
  const processes = Array.isArray(root.$graph) ? [...root.$graph.filter(isObject), process] : [process];
  for (const each of processes) {
    for (const [name, body] of requirementsOf(each)) {
      if (name !== 'SchemaDefRequirement' || !isObject(body) || !Array.isArray(body.types)) continue;
      for (const type of body.types) if (isObject(type) && typeof type.name === 'string') named.set(shortName(type.name), type);
    }
  }
  return named;
}

/** Requirements (and hints) of any process of the document that the local target does not honour. */
function notHonoured(graph: Yaml[]): string[] {
  const found = new Set<string>();
  const visit = (process: Yaml, depth: number) => {
    if (depth > 16) return;
    for (const [name] of requirementsOf(process)) if (NOT_HONOURED.test(name)) found.add(name);
    const steps = process.steps;
    const list = Array.isArray(steps) ? steps : isObject(steps) ? Object.values(steps) : [];
    for (const step of list) if (isObject(step) && isObject(step.run)) visit(step.run, depth + 1);
  };
  for (const process of graph) visit(process, 0);
  return [...found].sort();
}

function parameter(name: string, value: unknown): Yaml {
  // `name: type` (the short form) or `name: {type, label, doc, default}`
  return isObject(value) && ('type' in value || 'label' in value || 'doc' in value || 'default' in value || 'id' in value) ? value : { type: value };
}

function inputsOf(process: Yaml, named: NamedTypes): ApplicationInput[] {
  return listOfNamed(process.inputs, 'id', 'the inputs').map(({ name, value }) => {
    const raw = parameter(name, value);
    const where = `input "${name}"`;
    const parsed = raw.type === undefined && raw.default !== undefined ? { type: { type: 'Any' as const }, optional: true } : parseType(raw.type, named, where);
    const { label, doc } = texts(raw);
    return {
      id: name,
      label: label ?? name,
      doc: doc ?? '',
      default: raw.default ?? null,
      type: parsed.type,
      // an input with a default may be left out too
      optional: parsed.optional,
      typeLabel: typeLabel(parsed.type, parsed.optional),
    };
  });
}

function outputsOf(process: Yaml, named: NamedTypes): ApplicationOutput[] {
  return listOfNamed(process.outputs, 'id', 'the outputs').map(({ name, value }) => {
    const raw = parameter(name, value);
    // an ExpressionTool or Workflow output may leave its type to its source in draft documents: Any
    const parsed = raw.type === undefined ? { type: { type: 'Any' as const }, optional: false } : parseType(raw.type, named, `output "${name}"`);
    const { label, doc } = texts(raw);
    return { id: name, label: label ?? name, doc: doc ?? '', type: parsed.type, typeLabel: typeLabel(parsed.type, parsed.optional) };
  });
}

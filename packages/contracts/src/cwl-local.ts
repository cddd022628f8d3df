import { parse } from 'yaml';

/** DockerRequirement (and the Podman/Singularity-free cwltool's other container needs) as a requirement. */
const CONTAINER_REQUIREMENTS = new Set(['DockerRequirement']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Moves container requirements of one process object into its hints; true when it moved any. */
function moveContainers(process: Record<string, unknown>): boolean {
  const requirements = process.requirements;
  let moved: { class: string; [key: string]: unknown }[] = [];
  if (Array.isArray(requirements)) {
    moved = requirements.filter((entry): entry is { class: string } => isObject(entry) && CONTAINER_REQUIREMENTS.has(String(entry.class)));
    if (moved.length > 0) process.requirements = requirements.filter((entry) => !moved.includes(entry as { class: string }));
  } else if (isObject(requirements)) {
    for (const name of Object.keys(requirements).filter((key) => CONTAINER_REQUIREMENTS.has(key))) {
      moved.push({ ...(isObject(requirements[name]) ? requirements[name] : {}), class: name });
      delete requirements[name];
    }
  }
  if (moved.length === 0) return false;
  const hints = process.hints;
  if (Array.isArray(hints)) hints.push(...moved);
  else if (isObject(hints)) for (const { class: name, ...rest } of moved) hints[name] = rest;
  else process.hints = moved;
  return true;
}

/** Every process object of a CWL document: the root, its $graph, steps' inline `run`s. */
function walk(value: unknown, visit: (process: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    return;
  }
  if (!isObject(value)) return;
  if ('class' in value && ('requirements' in value || 'hints' in value || 'steps' in value || 'baseCommand' in value)) visit(value);
  for (const [key, item] of Object.entries(value))
    if (key === '$graph' || key === 'steps' || key === 'run' || isObject(item) || Array.isArray(item)) walk(item, visit);
}

/**
 * The CWL as the Default (local) target runs it (docs/applications.md "Running applications"):
 * cwltool --no-container refuses a DockerRequirement under `requirements`, so each is moved
 * to `hints` (not honoured: the commands of the machine run). Answers the document as JSON
 * (CWL's other syntax) when something moved, undefined when the text runs as it is or is not
 * a CWL document this can read.
 */
export function cwlWithoutRequiredContainers(text: string): string | undefined {
  let document: unknown;
  try {
    document = parse(text, { maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  let changed = false;
  walk(document, (process) => {
    changed = moveContainers(process) || changed;
  });
  return changed ? JSON.stringify(document, null, 2) : undefined;
}

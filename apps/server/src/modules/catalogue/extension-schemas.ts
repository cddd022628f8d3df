import type { ExtensionSchemaSummary } from '@asb/contracts';
import { readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';

/** A schema is a document, not a dump: larger answers are refused. */
const MAX_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** How long a schema read is kept, and how long a failure is (not to ask a dead host on every page view). */
const KEEP_MS = 60 * 60 * 1000;
const KEEP_FAILURE_MS = 5 * 60 * 1000;
/** Nodes of a schema looked at, at most: a schema is small; a huge one is summarised in part. */
const MAX_NODES = 100_000;
/** Schemas kept at most (the oldest read goes first). */
const MAX_KEPT = 256;

type Json = Record<string, unknown>;
type Field = ExtensionSchemaSummary['fields'][number];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const typeOf = (node: Json): string | null =>
  text(node.type) ?? (Array.isArray(node.type) ? node.type.filter((entry) => typeof entry === 'string').join(' | ') || null : null);

/** Why a schema could not be summarised: the route answers it as a 422. */
export class ExtensionSchemaError extends Error {}

/**
 * What the item pages show of a STAC extension's JSON Schema: its title and description, and
 * every prefixed field (`sci:doi`) it names — under any `properties` (the template's
 * definitions.fields) or as a definition of its own (MLM's `$defs['mlm:name']`), following
 * local `$ref`s — with the title, description and type the schema gives it.
 */
export function summarizeSchema(url: string, schema: unknown): ExtensionSchemaSummary {
  if (!isObject(schema)) throw new ExtensionSchemaError('the answer is not a JSON Schema object');
  const fields = new Map<string, Field>();
  const resolve = (node: unknown): unknown => {
    if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
    let target: unknown = schema;
    for (const part of node.$ref.slice(2).split('/')) {
      let key: string;
      try {
        key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return node; // a malformed escape: the reference is not followed
      }
      target = isObject(target) ? target[key] : undefined;
    }
    return isObject(target) ? { ...target, ...node } : node;
  };
  const note = (name: string, raw: unknown) => {
    if (!/^[A-Za-z0-9_-]+:[^:]+$/.test(name)) return;
    const node = resolve(raw);
    if (!isObject(node)) return;
    const found: Field = { name, title: text(node.title), description: text(node.description), type: typeOf(node) };
    const known = fields.get(name);
    fields.set(
      name,
      known ? { name, title: known.title ?? found.title, description: known.description ?? found.description, type: known.type ?? found.type } : found,
    );
  };
  // iteratively (a deeply nested schema must not overflow the stack), each node once, at most MAX_NODES
  const seen = new Set<unknown>();
  const pending: unknown[] = [schema];
  while (pending.length > 0 && seen.size < MAX_NODES) {
    const node = pending.pop();
    if ((!isObject(node) && !Array.isArray(node)) || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      pending.push(...(node as unknown[]));
      continue;
    }
    for (const key of ['properties', '$defs', 'definitions']) {
      const named = node[key];
      if (isObject(named)) for (const [name, child] of Object.entries(named)) note(name, child);
    }
    pending.push(...Object.values(node));
  }
  return {
    url,
    title: text(schema.title),
    description: text(schema.description),
    fields: [...fields.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * STAC extension schemas read from their URLs (every fetch through the outbound guard), kept
 * for an hour — a failure for five minutes — so an item page costs the remote host one request
 * an hour at most.
 */
export class ExtensionSchemas {
  private readonly kept = new Map<string, { answer: Promise<ExtensionSchemaSummary>; until: number }>();

  constructor(private readonly outbound: OutboundFetch) {}

  get(url: string): Promise<ExtensionSchemaSummary> {
    const now = Date.now();
    const hit = this.kept.get(url);
    if (hit && hit.until > now) return hit.answer;
    const answer = this.read(url);
    const entry = { answer, until: now + KEEP_MS };
    answer.catch(() => {
      entry.until = Date.now() + KEEP_FAILURE_MS;
    });
    this.kept.delete(url);
    this.kept.set(url, entry);
    while (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return answer;
  }

  private async read(url: string): Promise<ExtensionSchemaSummary> {
    const response = await this.outbound.fetch(url, { headers: { accept: 'application/schema+json, application/json' }, timeoutMs: TIMEOUT_MS });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ExtensionSchemaError(`it answered ${response.status}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readCapped(response, MAX_BYTES));
    } catch (error) {
      throw new ExtensionSchemaError(error instanceof SyntaxError ? 'it is not JSON' : (error as Error).message);
    }
    try {
      return summarizeSchema(url, parsed);
    } catch (error) {
      if (error instanceof ExtensionSchemaError) throw error;
      throw new ExtensionSchemaError('it could not be read as a JSON Schema');
    }
  }
}

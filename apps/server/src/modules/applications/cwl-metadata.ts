import { splitKeywords } from '@asb/contracts';
import { isObject, type Yaml } from './cwl-types.js';

/** The schema.org metadata of an OGC EO Application Package (`$namespaces: {s: https://schema.org/}`, `s:author`, ...). */
export interface SchemaOrgMetadata {
  name: string;
  description: string;
  softwareVersion: string;
  dateCreated: string;
  keywords: string[];
  license: string;
  releaseNotes: string;
  logo: string;
  author: { 's:name': string; 's:affiliation': string; 's:email': string }[];
}

const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/;

/**
 * The schema.org fields of the document, read on the process first and then on the document
 * root (where the application packages put them), under any prefix the document maps to
 * schema.org (`s:`, `schema:`) or as full URIs.
 */
export function schemaOrgMetadata(root: Yaml, process: Yaml): SchemaOrgMetadata {
  const namespaces = isObject(root.$namespaces) ? root.$namespaces : isObject(process.$namespaces) ? process.$namespaces : {};
  const prefixes = Object.entries(namespaces)
    .filter(([, uri]) => typeof uri === 'string' && SCHEMA_ORG.test(uri))
    .map(([prefix]) => `${prefix}:`);
  const keysOf = (name: string) => [...prefixes.map((prefix) => prefix + name), `https://schema.org/${name}`, `http://schema.org/${name}`];
  const read = (name: string): unknown => {
    for (const holder of [process, root]) for (const key of keysOf(name)) if (holder[key] !== undefined && holder[key] !== null) return holder[key];
    return undefined;
  };
  const field = (holder: Yaml, name: string): unknown => {
    for (const key of keysOf(name)) if (holder[key] !== undefined) return holder[key];
    return holder[name];
  };
  return {
    name: text(read('name')),
    description: text(read('description')),
    softwareVersion: text(read('softwareVersion')),
    dateCreated: text(read('dateCreated')),
    keywords: keywordsOf(read('keywords')),
    license: url(read('license'), field),
    releaseNotes: url(read('releaseNotes'), field),
    logo: url(read('logo'), field),
    author: listOf(read('author')).map((author) =>
      isObject(author)
        ? { 's:name': text(field(author, 'name')), 's:affiliation': text(field(author, 'affiliation')), 's:email': text(field(author, 'email')) }
        : { 's:name': text(author), 's:affiliation': '', 's:email': '' },
    ),
  };
}

const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A scalar as text (a number or a date as written); '' for anything else. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (isObject(value)) {
    // a schema.org thing written as an object: its name, else its @id
    for (const key of ['s:name', 'name', '@id', 'id']) if (typeof value[key] === 'string') return (value[key] as string).trim();
  }
  return '';
}

function keywordsOf(value: unknown): string[] {
  const parts = listOf(value).map(text).filter(Boolean);
  return [...new Set(parts.flatMap(splitKeywords))];
}

/** A URL field: a string, or an object with its URL (`s:url`, `@id`). */
function url(value: unknown, field: (holder: Yaml, name: string) => unknown): string {
  const first = listOf(value)[0];
  if (isObject(first)) return text(field(first, 'url')) || text(first['@id']) || text(first.id);
  return text(first);
}

import { isDeepStrictEqual } from 'node:util';
import { splitKeywords, type ApplicationUpdate } from '@asb/contracts';
import { applicationDate, applicationProperties, DESCRIPTION_KEY } from './application-items.js';
import type { CwlDescription } from './cwl-describe.js';
import { nulPath } from '../../platform/http/input-guards.js';

/** An edit that cannot be stored (400 for the caller). */
export class EditRefused extends Error {}

/** A default as the form wrote it: JSON for a number, a list or an object; the text otherwise. Throws EditRefused when its JSON holds a NUL character. */
function defaultValue(name: string, text: string): unknown {
  if (text === '') return null;
  if (/^[[{]|^-?\d/.test(text.trim()) || ['true', 'false', 'null'].includes(text.trim())) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      return text;
    }
    if (nulPath(parsed, '') !== undefined) throw new EditRefused(`The default of input ${name} may not contain NUL characters (\\u0000).`);
    return parsed;
  }
  return text;
}

/**
 * Spec 3 §3 Application update payload applied to a stored description: author, URLs,
 * keywords (split on comma or semicolon), description, date created, and inputs as
 * 'name::label::doc::default'. `changed` tells whether anything differs (a publish alone
 * changes nothing and needs no edit permission).
 */
export function editedDescription(
  properties: Record<string, unknown>,
  update: ApplicationUpdate,
): { description: { properties: Record<string, unknown>; datetime: Date }; changed: boolean } {
  const before = properties[DESCRIPTION_KEY] as CwlDescription;
  const after: CwlDescription = structuredClone(before);
  if (update.author_name !== undefined || update.author_affiliation !== undefined || update.author_email !== undefined) {
    const first = after.author[0] ?? { 's:name': '', 's:affiliation': '', 's:email': '' };
    after.author = [
      {
        's:name': update.author_name ?? first['s:name'],
        's:affiliation': update.author_affiliation ?? first['s:affiliation'],
        's:email': update.author_email ?? first['s:email'],
      },
      ...after.author.slice(1),
    ];
  }
  if (update.license_url !== undefined) after.license = update.license_url.trim();
  if (update.logo_url !== undefined) after.logo = update.logo_url.trim();
  if (update.release_notes_url !== undefined) after.releaseNotes = update.release_notes_url.trim();
  if (update.keywords !== undefined) {
    const list = typeof update.keywords === 'string' ? [update.keywords] : update.keywords;
    after.keywords = [...new Set(list.flatMap(splitKeywords))];
  }
  if (update.description !== undefined) after.abstract = update.description;
  if (update.date_created !== undefined) after.dateCreated = update.date_created.trim();
  for (const entry of update.inputs ?? []) {
    const [name = '', label, doc, ...rest] = entry.split('::');
    const input = after.inputs.find((candidate) => candidate.id === name);
    if (!input) continue;
    if (label !== undefined) input.label = label;
    if (doc !== undefined) input.doc = doc;
    // a default may itself hold '::'
    if (rest.length > 0) input.default = defaultValue(name, rest.join('::'));
  }
  const changed = !isDeepStrictEqual(before, after);
  const previous = typeof properties.datetime === 'string' ? new Date(properties.datetime) : new Date();
  const datetime = after.dateCreated !== before.dateCreated ? applicationDate(after, previous) : previous;
  return { description: { properties: { ...properties, ...applicationProperties(after, datetime) }, datetime }, changed };
}

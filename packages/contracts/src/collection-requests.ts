/**
 * The rules of a collection request (spec 3 §5 "Collection request", §9; issue 18): the
 * identifier's normalisation, the keywords, and the JSON fields' checks, shared by the request
 * form (on blur) and the server (on every write).
 */

import { z } from 'zod';

/** Spec 3 §9: every collection request identifier carries this prefix. */
export const COLLECTION_REQUEST_PREFIX = 'urn:eop:MEPWPS:';
/** Spec 3 §5: always among a request's keywords. */
export const COLLECTION_REQUEST_KEYWORD = 'MEP-WPS';
/** Spec 3 §5: the hints under the JSON fields that do not parse. */
export const GEOMETRY_HINT = 'Please insert a valid geometry in double square brackets JSON format.';
export const JSON_HINT = 'Please enter a valid JSON string.';

/** Letters that do not decompose into a base letter and accents (NFD leaves them whole). */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * Spec 3 §5: the prefix "urn:eop:MEPWPS:" is stripped, the text trimmed and lowercased, accents
 * transliterated, separators (`_ . , ; : / \ |` and dashes of any kind) turned into hyphens,
 * other characters removed, whitespace turned into hyphens, repeated hyphens collapsed (and
 * hyphens at either end dropped), and the prefix put back. Nothing left: '' (the identifier is
 * then missing, and mandatory).
 */
export function normalizeCollectionIdentifier(text: string): string {
  let rest = text.trim();
  while (rest.toLowerCase().startsWith(COLLECTION_REQUEST_PREFIX.toLowerCase())) rest = rest.slice(COLLECTION_REQUEST_PREFIX.length).trim();
  const slug = rest
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[_.,;:/\\|\p{Pd}]+/gu, '-')
    .replace(/[^a-z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? '' : `${COLLECTION_REQUEST_PREFIX}${slug}`;
}

/** Spec 3 §5: keywords are separated by spaces, and "MEP-WPS" is always among them (once). */
export function collectionRequestKeywords(text: string | readonly string[]): string[] {
  const given = (typeof text === 'string' ? text.split(/\s+/) : text.flatMap((keyword) => keyword.split(/\s+/))).filter(Boolean);
  return [...new Set([...given, COLLECTION_REQUEST_KEYWORD])];
}

/**
 * A JSON field of the request (geometry, contactPoint, acquisitionInformation, distribution,
 * categories, productInformation, authorizations): blank is none; anything else must parse. The
 * geometry must be coordinates in double square brackets (a ring: `[[x, y], [x, y], ...]`).
 */
export function jsonFieldError(field: string, text: string): string | undefined {
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return field === 'geometry' ? GEOMETRY_HINT : JSON_HINT;
  }
  if (field !== 'geometry') return undefined;
  const isPosition = (value: unknown) => Array.isArray(value) && value.length >= 2 && value.every((item) => typeof item === 'number' && Number.isFinite(item));
  return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isPosition) ? undefined : GEOMETRY_HINT;
}

/** The statuses of a request as staff move it (their badges: spec 3 §4 status display groups). */
export const COLLECTION_REQUEST_STATUSES = ['pending', 'running', 'created', 'denied'] as const;
export type CollectionRequestStatus = (typeof COLLECTION_REQUEST_STATUSES)[number];

/** The JSON fields of a request (spec 3 §5): given as JSON text (the form) or as the value. */
export const COLLECTION_REQUEST_JSON_FIELDS = [
  'geometry',
  'contactPoint',
  'acquisitionInformation',
  'distribution',
  'categories',
  'productInformation',
  'authorizations',
] as const;

const text = z.string().max(10_000);
const jsonOrText = z.unknown();

/** Spec 3 §3 "Collection request": the attributes of knowledge collections (besides the base ones; the title is also the label). */
export const collectionRequestAttributesSchema = z.object({
  title: z.string(),
  geometry: z.unknown(),
  lang: z.string(),
  publisher: z.string(),
  keywords: z.array(z.string()),
  rights: z.string(),
  contactPoint: z.unknown(),
  abstract: z.string(),
  acquisitionInformation: z.unknown(),
  authors: z.array(z.object({ type: z.string(), email: z.string(), name: z.string() })),
  additionalAttributes: z.array(z.object({ key: z.string(), value: z.string() })),
  distribution: z.unknown(),
  categories: z.unknown(),
  productInformation: z.unknown(),
  authorizations: z.unknown(),
  srcDataAccess: z.string(),
  dstDataAccess: z.string(),
  esIndex: z.string(),
  /** the request as it was sent */
  requestPayload: z.unknown(),
  status: z.string(),
});

/** POST knowledge collections: identifier and title are the mandatory ones, checked by the server (400 'Identifier and title are mandatory fields'). */
export const createCollectionRequestSchema = z.object({
  identifier: text.default(''),
  title: text.default(''),
  geometry: jsonOrText.optional(),
  lang: text.optional(),
  publisher: text.optional(),
  keywords: z.union([text, z.array(z.string().max(200)).max(200)]).optional(),
  rights: text.optional(),
  contactPoint: jsonOrText.optional(),
  abstract: text.optional(),
  acquisitionInformation: jsonOrText.optional(),
  authors: z
    .array(z.object({ type: z.string().max(200).default(''), email: z.string().max(320).default(''), name: z.string().max(200).default('') }))
    .max(100)
    .optional(),
  additionalAttributes: z
    .array(z.object({ key: z.string().max(200), value: z.string().max(10_000) }))
    .max(200)
    .optional(),
  distribution: jsonOrText.optional(),
  categories: jsonOrText.optional(),
  productInformation: jsonOrText.optional(),
  authorizations: jsonOrText.optional(),
  srcDataAccess: text.optional(),
  dstDataAccess: text.optional(),
  esIndex: text.optional(),
});
export type CreateCollectionRequest = z.input<typeof createCollectionRequestSchema>;

/** PATCH (staff): the request's status. */
export const updateCollectionRequestSchema = z.object({ status: z.enum(COLLECTION_REQUEST_STATUSES) });

import { keywordVersion, VERSION_NOT_SPECIFIED } from '@asb/contracts';

/**
 * The rules of a catalogue item's page (spec 3 §3 Catalogue item, Theme, Contact, Model
 * signature): its name, description and version, its extension groups, themes, contacts
 * and signature, read from a STAC item whatever its publisher wrote.
 */

type Properties = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];

/** Name: properties.name, then properties.title, then the id. */
export function itemName(item: { id: string; properties: Properties }): string {
  return text(item.properties.name) ?? text(item.properties.title) ?? item.id;
}

/** Description: properties.abstract, then properties.description, then the top-level description or abstract; '' when none. */
export function itemDescription(item: { properties: Properties } & Record<string, unknown>): string {
  return text(item.properties.abstract) ?? text(item.properties.description) ?? text(item.description) ?? text(item.abstract) ?? '';
}

/** Version: properties.version, a `softwareVersion:{x}` keyword, else 'not specified'. */
export function itemVersion(item: { properties: Properties }): string {
  const version = item.properties.version;
  if (typeof version === 'string' || typeof version === 'number') return String(version);
  return keywordVersion(Array.isArray(item.properties.keywords) ? item.properties.keywords : []) ?? VERSION_NOT_SPECIFIED;
}

/** The extension prefixes grouped on the Extensions tab (spec 3 §3). */
const EXTENSION_PREFIXES = ['mlm', 'ml-model', 'dlm', 'ml-aoi', 'sci'] as const;

/** The portal's own properties (`asb:`) are the item's, not an extension's. */
const OWN_PREFIX = 'asb';

/** Properties of an extension (a prefix before ':') by prefix, the known prefixes first; the rest are the plain properties. */
export function splitProperties(properties: Properties): { plain: [string, unknown][]; groups: { prefix: string; entries: [string, unknown][] }[] } {
  const plain: [string, unknown][] = [];
  const groups = new Map<string, [string, unknown][]>();
  for (const [key, value] of Object.entries(properties)) {
    const colon = key.indexOf(':');
    if (colon <= 0 || key.slice(0, colon) === OWN_PREFIX) {
      plain.push([key, value]);
      continue;
    }
    const prefix = key.slice(0, colon);
    groups.set(prefix, [...(groups.get(prefix) ?? []), [key, value]]);
  }
  const rank = (prefix: string) => {
    const index = (EXTENSION_PREFIXES as readonly string[]).indexOf(prefix);
    return index < 0 ? EXTENSION_PREFIXES.length : index;
  };
  return {
    plain,
    groups: [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)).map(([prefix, entries]) => ({ prefix, entries })),
  };
}

interface Concept {
  id: string;
  name: string;
  description?: string;
  url?: string;
}
export interface Theme {
  scheme: string;
  concepts: Concept[];
}

/** properties.themes: each a scheme and its concepts (id `prefix::name`, name, description, url). */
export function themesOf(properties: Properties): Theme[] {
  return list(properties.themes).map((theme) => ({
    scheme: text(theme.scheme) ?? '',
    concepts: list(theme.concepts).map((concept) => {
      const id = text(concept.id) ?? '';
      return {
        id,
        name: text(concept.name) ?? text(concept.title) ?? id.split('::').at(-1) ?? id,
        description: text(concept.description),
        url: text(concept.url),
      };
    }),
  }));
}

interface ContactValue {
  value: string;
  roles: string[];
}
export interface Contact {
  name?: string;
  organization?: string;
  position?: string;
  roles: string[];
  logo?: string;
  emails: ContactValue[];
  phones: ContactValue[];
  addresses: string[];
  links: { href: string; rel?: string; title?: string }[];
  contactInstructions?: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);
const values = (value: unknown): ContactValue[] =>
  list(value).flatMap((entry) => (text(entry.value) ? [{ value: text(entry.value)!, roles: strings(entry.roles) }] : []));

/** properties.contacts (the STAC contacts extension): every field of spec 3 §3 Contact. */
export function contactsOf(properties: Properties): Contact[] {
  return list(properties.contacts).map((contact) => ({
    name: text(contact.name),
    organization: text(contact.organization),
    position: text(contact.position),
    roles: strings(contact.roles),
    logo: text((contact.logo as Record<string, unknown> | undefined)?.href) ?? text(contact.logo),
    emails: values(contact.emails),
    phones: values(contact.phones),
    addresses: list(contact.addresses).map((address) =>
      [...strings(address.deliveryPoint), text(address.city), text(address.administrativeArea), text(address.postalCode), text(address.country)]
        .filter(Boolean)
        .join(', '),
    ),
    links: list(contact.links).flatMap((link) => (text(link.href) ? [{ href: text(link.href)!, rel: text(link.rel), title: text(link.title) }] : [])),
    contactInstructions: text(contact.contactInstructions),
  }));
}

interface TensorSpec {
  dtype?: string;
  shape?: number[];
}
export interface SignatureEntry {
  name: string;
  label?: string;
  type?: string;
  doc?: string;
  default?: unknown;
  tensor?: TensorSpec;
}

function tensorOf(value: unknown): TensorSpec | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const spec = value as Record<string, unknown>;
  const shape = Array.isArray(spec.shape) ? spec.shape.filter((n): n is number => typeof n === 'number') : undefined;
  return { dtype: text(spec.dtype) ?? text(spec.data_type), shape };
}

/** The model signature (spec 3 §3): dlm:inputs and dlm:outputs, each with its tensor spec. */
export function signatureOf(properties: Properties): { inputs: SignatureEntry[]; outputs: SignatureEntry[] } {
  const entries = (value: unknown) =>
    list(value).map((entry) => ({
      name: text(entry.name) ?? text(entry.id) ?? '',
      label: text(entry.label),
      type: text(entry.type),
      doc: text(entry.doc) ?? text(entry.description),
      default: entry.default,
      tensor: tensorOf(entry['tensor-spec'] ?? entry.tensor_spec),
    }));
  return { inputs: entries(properties['dlm:inputs']), outputs: entries(properties['dlm:outputs']) };
}

/** A GeoTIFF asset: its media type says so, or its href ends in .tif/.tiff. */
export function isGeoTiffAsset(asset: { href: string; type?: string }): boolean {
  return /geotiff|image\/tiff/i.test(asset.type ?? '') || /\.tiff?$/i.test(asset.href.split('?')[0] ?? '');
}

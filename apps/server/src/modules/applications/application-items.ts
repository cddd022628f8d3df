import { applicationSchema, publicationState, type Application, type ApplicationSummary, type StacItem } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { parseInstant } from '../catalogue/catalogue-geometry.js';
import { itemRow } from '../catalogue/item-row.js';
import { applicationPermissions } from './application-access.js';
import type { ApplicationRow, CollectionRow } from './applications.repository.js';
import { APPLICATION_TYPE } from './applications.repository.js';
import type { CwlDescription } from './cwl-describe.js';

/** Where an application's original CWL is served (its item's `cwl` asset). */
export const cwlPath = (collection: string, identifier: string) =>
  `/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/applications/${encodeURIComponent(identifier)}/cwl`;

/** The description stored in the item (`properties['asb:application']`). */
export const DESCRIPTION_KEY = 'asb:application';

export const mediaTypeOf = (text: string) => (text.trimStart().startsWith('{') ? 'application/cwl+json' : 'application/cwl+yaml');

export function cwlAssets(collection: string, identifier: string, mediaType: string): Record<string, Record<string, unknown>> {
  return { cwl: { href: cwlPath(collection, identifier), type: mediaType, title: 'Application package (CWL)', roles: ['metadata'] } };
}

/** The item's time: the application's dateCreated when it is a date, else `fallback` (the upload). */
export function applicationDate(description: Pick<CwlDescription, 'dateCreated'>, fallback: Date): Date {
  return (description.dateCreated && parseInstant(description.dateCreated)) || parseInstant(`${description.dateCreated}T00:00:00Z`) || fallback;
}

/** The STAC properties of an application item: its title, description and keywords, its type and its description. */
export function applicationProperties(description: CwlDescription, datetime: Date): Record<string, unknown> {
  return {
    datetime: datetime.toISOString(),
    title: description.title,
    description: description.abstract,
    keywords: description.keywords,
    ...(description.softwareVersion ? { version: description.softwareVersion } : {}),
    [APPLICATION_TYPE.key]: APPLICATION_TYPE.value,
    [DESCRIPTION_KEY]: description,
  };
}

/** The catalogue row of a new application (a STAC item without geometry). */
export function applicationItemRow(collection: string, description: CwlDescription, mediaType: string, now: Date) {
  const datetime = applicationDate(description, now);
  const item: StacItem = {
    type: 'Feature',
    stac_version: '1.0.0',
    id: description.identifier,
    geometry: null,
    properties: applicationProperties(description, datetime),
    assets: cwlAssets(collection, description.identifier, mediaType),
    links: [],
  } as unknown as StacItem;
  return itemRow(collection, item);
}

/** What `properties['asb:application']` must hold (CwlDescription's fields). */
const storedDescriptionSchema = applicationSchema.pick({
  identifier: true,
  title: true,
  abstract: true,
  keywords: true,
  label: true,
  doc: true,
  softwareVersion: true,
  dateCreated: true,
  releaseNotes: true,
  license: true,
  logo: true,
  author: true,
  inputs: true,
  outputs: true,
  processClass: true,
  cwlVersion: true,
  hints: true,
});

/** Whether an application row is one this module wrote: a package beside it and a valid description of its own id (else it is skipped). */
export function isStoredApplication(row: ApplicationRow): boolean {
  if (!row.hasPackage) return false;
  const parsed = storedDescriptionSchema.safeParse(row.properties[DESCRIPTION_KEY]);
  return parsed.success && parsed.data.identifier === row.id;
}

function descriptionOf(row: ApplicationRow): CwlDescription {
  return row.properties[DESCRIPTION_KEY] as CwlDescription;
}

/** An application row as the contract's summary (the caller's permissions computed). */
export function applicationSummary(row: ApplicationRow, collection: CollectionRow, principal: Principal | null): ApplicationSummary {
  const description = descriptionOf(row);
  return {
    ...description,
    collection: collection.id,
    ownerId: collection.ownerName,
    publication: publicationState(collection.id),
    permissions: applicationPermissions(principal, collection),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hasOriginalCwl: row.hasPackage,
  };
}

export function applicationOf(row: ApplicationRow, collection: CollectionRow, principal: Principal | null, cwl: string | null): Application {
  const { hasOriginalCwl: _has, ...summary } = applicationSummary(row, collection, principal);
  return { ...summary, original_cwl: cwl };
}

import {
  FILTER_KEYWORD,
  keywordVersion,
  onnxAsset,
  parseWorkflowDescription,
  verifiedPublisher,
  VERSION_NOT_SPECIFIED,
  type MarketplaceResource,
  type MarketplaceType,
  type StacItem,
} from '@asb/contracts';
import { DESCRIPTION_KEY } from '../applications/application-items.js';

/** A published workflow as the marketplace reads it. */
export interface WorkflowSource {
  id: number;
  identifier: string;
  label: string;
  shortDescription: string;
  /** JSON text {description, thumbnail_url} set by publish */
  description: string;
  ownerId: string;
  version: number;
  publishedAt: Date | null;
  createdAt: Date;
}

/** A published catalogue item (an application, a model or a dataset) as the marketplace reads it. */
export interface ItemSource {
  collectionId: string;
  collectionTitle: string | null;
  id: string;
  type: Exclude<MarketplaceType, 'workflow'>;
  properties: Record<string, unknown>;
  assets: Record<string, Record<string, unknown>>;
  links: Record<string, unknown>[];
  createdAt: Date;
  /** the collection's owner: the publisher shown (verifiedPublisher) */
  owner: { username: string | null; isStaff: boolean };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const nonEmpty = (value: unknown): string | null => {
  const found = text(value).trim();
  return found === '' ? null : found;
};
const isHttp = (href: string | null): href is string => href !== null && /^https?:\/\//i.test(href);

function keywordsOf(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((keyword): keyword is string => typeof keyword === 'string' && keyword.trim() !== '').map((keyword) => keyword.trim());
  if (typeof value === 'string')
    return value
      .split(/[,;]/)
      .map((keyword) => keyword.trim())
      .filter(Boolean);
  return [];
}

/** The `FILTER:{key}:{value}` keywords as key → values. */
export function filterKeywords(keywords: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const keyword of keywords) {
    const match = FILTER_KEYWORD.exec(keyword);
    if (!match) continue;
    const key = match[1]!.trim().toLowerCase();
    found.set(key, [...(found.get(key) ?? []), match[2]!.trim()]);
  }
  return found;
}

/** An asset's href by role (or key), only when it is an http(s) address (spec 3 §5). */
function assetHref(assets: Record<string, Record<string, unknown>>, role: 'thumbnail' | 'logo'): string | null {
  const entries = Object.entries(assets);
  const found = entries.find(([, asset]) => Array.isArray(asset.roles) && asset.roles.includes(role)) ?? entries.find(([key]) => key === role);
  const href = found ? nonEmpty(found[1].href) : null;
  return isHttp(href) ? href : null;
}

/** A link's href by rel (`license`, `release-notes`…). */
function linkHref(links: Record<string, unknown>[], ...rels: string[]): string | null {
  const link = links.find((candidate) => rels.includes(text(candidate.rel)));
  return link ? nonEmpty(link.href) : null;
}

export function workflowResource(workflow: WorkflowSource): MarketplaceResource {
  const publication = parseWorkflowDescription(workflow.description);
  const collection = `${workflow.ownerId}:workflows`;
  const identifier = `asb:workflows:${workflow.id}`;
  const thumbnail = nonEmpty(publication.thumbnail_url);
  return {
    id: `workflow:${collection}:${identifier}`,
    identifier,
    collection,
    collectionTitle: null,
    parentidentifier: collection,
    title: workflow.label,
    description: publication.description || workflow.shortDescription,
    version: String(workflow.version),
    logo: null,
    thumbnail: isHttp(thumbnail) ? thumbnail : null,
    licence: null,
    keywords: [],
    releaseNotes: null,
    date_creation: (workflow.publishedAt ?? workflow.createdAt).toISOString(),
    publisher: workflow.ownerId,
    author: workflow.ownerId,
    properties: { type: 'workflow' },
    workflowId: workflow.id,
    isExecutable: true,
  };
}

/** Whether the card offers Execute: a model only when it has an ONNX file to run, as its page decides (onnxAsset); a dataset never. */
function isExecutable(item: ItemSource): boolean {
  if (item.type === 'model') return onnxAsset({ assets: item.assets as unknown as StacItem['assets'] }) !== undefined;
  return item.type === 'application';
}

/**
 * A catalogue item as a marketplace resource: an application from its stored description
 * (docs/applications.md), a model or dataset from its STAC properties (title, description,
 * keywords, license, version, providers), its thumbnail and logo assets and its links.
 */
export function itemResource(item: ItemSource): MarketplaceResource {
  const properties = item.properties;
  const application =
    item.type === 'application' && typeof properties[DESCRIPTION_KEY] === 'object' ? (properties[DESCRIPTION_KEY] as Record<string, unknown>) : {};
  const keywords = keywordsOf(properties.keywords);
  const authors = Array.isArray(application.author) ? (application.author as Record<string, unknown>[]) : [];
  const providers = Array.isArray(properties.providers) ? (properties.providers as Record<string, unknown>[]) : [];
  const logo = nonEmpty(application.logo) ?? assetHref(item.assets, 'logo');
  const datetime = nonEmpty(application.dateCreated) ?? nonEmpty(properties.created) ?? nonEmpty(properties.datetime);
  const created = datetime && !Number.isNaN(Date.parse(datetime)) ? new Date(datetime) : item.createdAt;
  return {
    id: `${item.type}:${item.collectionId}:${item.id}`,
    identifier: item.id,
    collection: item.collectionId,
    collectionTitle: item.collectionTitle,
    parentidentifier: item.collectionId,
    title: nonEmpty(properties.name) ?? nonEmpty(properties.title) ?? item.id,
    description: nonEmpty(properties.abstract) ?? nonEmpty(properties.description) ?? '',
    version: keywordVersion(keywords) ?? nonEmpty(application.softwareVersion) ?? nonEmpty(properties.version) ?? VERSION_NOT_SPECIFIED,
    logo: isHttp(logo) ? logo : null,
    thumbnail: assetHref(item.assets, 'thumbnail'),
    licence: nonEmpty(application.license) ?? nonEmpty(properties.license) ?? linkHref(item.links, 'license'),
    keywords,
    releaseNotes: nonEmpty(application.releaseNotes) ?? linkHref(item.links, 'release-notes', 'releaseNotes'),
    date_creation: created.toISOString(),
    publisher: verifiedPublisher(item.collectionId, item.owner),
    author: nonEmpty(authors[0]?.['s:name']) ?? nonEmpty(providers[0]?.name),
    properties: { type: item.type },
    workflowId: null,
    isExecutable: isExecutable(item),
  };
}

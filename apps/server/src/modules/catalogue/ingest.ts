import type { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { CatalogueStore } from './catalogue-store.js';
import { planIngest, type InvalidDocument } from './ingest-plan.js';
import { StacDocumentReader } from './ingest-read.js';

export interface IngestOptions {
  /** the owner of the collections written */
  ownerId: number;
  /** collections written are readable signed out */
  isPublic: boolean;
  /** where items that name no collection go */
  collection?: string;
  /** write a collection's valid items even when some of its documents are invalid */
  skipInvalid?: boolean;
  /** documents read at most (planIngest's default otherwise) */
  maxDocuments?: number;
  /** why the caller may not write this collection's document (e.g. an id `{other user}:...`), or undefined; such a collection is skipped with its items */
  refuseCollection?: (id: string) => string | undefined;
}

export interface IngestReport {
  source: string;
  /** collection documents written (created or replaced) */
  collections: number;
  created: number;
  replaced: number;
  invalid: InvalidDocument[];
  /** collections not written because of an invalid document among theirs, with how many items they held */
  skipped: { id: string; items: number; reason: string }[];
  warnings: string[];
}

/**
 * `asb catalogue ingest` (docs/catalogue.md "Ingest"): reads a static STAC catalog, collection
 * or item, checks every document, then writes collection by collection through the store,
 * each collection with all its items or — when one of its documents is invalid — not at all
 * (unless `skipInvalid`). Writing again replaces what the first run wrote (idempotent).
 */
export async function ingestStac(
  source: string,
  dependencies: { store: Pick<CatalogueStore, 'upsertCollection' | 'upsertItems'>; outbound: OutboundFetch },
  options: IngestOptions,
): Promise<IngestReport> {
  const rootUrl = StacDocumentReader.locate(source);
  const reader = new StacDocumentReader(dependencies.outbound, rootUrl.startsWith('file:'));
  const plan = await planIngest(rootUrl, { collection: options.collection, maxDocuments: options.maxDocuments, read: (url) => reader.read(url) });
  const report: IngestReport = { source: rootUrl, collections: 0, created: 0, replaced: 0, invalid: plan.invalid, skipped: [], warnings: plan.warnings };

  for (const collection of plan.collections) {
    const broken = collection.invalidCount > 0 && (!options.skipInvalid || (collection.document === undefined && collection.source !== ''));
    if (broken) {
      report.skipped.push({
        id: collection.id,
        items: collection.items.length,
        reason: `${collection.invalidCount} of its documents ${collection.invalidCount === 1 ? 'is' : 'are'} invalid`,
      });
      continue;
    }
    // only a collection document written changes the owner; items into an existing collection keep it
    const refusal = collection.document ? options.refuseCollection?.(collection.id) : undefined;
    if (refusal !== undefined) {
      report.skipped.push({ id: collection.id, items: collection.items.length, reason: refusal });
      continue;
    }
    try {
      if (collection.document) {
        await dependencies.store.upsertCollection(collection.document, { ownerId: options.ownerId, isPublic: options.isPublic });
        report.collections++;
      }
      if (collection.items.length > 0) {
        const written = await dependencies.store.upsertItems(
          collection.id,
          collection.items.map((entry) => entry.item),
        );
        report.created += written.created;
        report.replaced += written.replaced;
      }
    } catch (error) {
      // e.g. items naming a collection the catalogue does not hold: the store wrote none of them
      report.skipped.push({ id: collection.id, items: collection.items.length, reason: (error as Error).message });
    }
  }
  return report;
}

/** The report as the CLI prints it. */
export function formatIngestReport(report: IngestReport): string {
  const lines = [
    `Ingested ${report.source}`,
    `  collections written: ${report.collections}`,
    `  items created: ${report.created}, replaced: ${report.replaced}`,
    `  invalid documents: ${report.invalid.length}`,
  ];
  for (const entry of report.invalid)
    lines.push(`    ${entry.what === entry.source ? entry.source : `${entry.what} (${entry.source})`}:`, ...entry.reasons.map((reason) => `      - ${reason}`));
  if (report.skipped.length > 0) {
    lines.push(`  collections not written: ${report.skipped.length}`);
    for (const entry of report.skipped) lines.push(`    ${entry.id} (${entry.items} items): ${entry.reason}`);
  }
  if (report.warnings.length > 0) lines.push('  warnings:', ...report.warnings.map((warning) => `    - ${warning}`));
  return lines.join('\n');
}

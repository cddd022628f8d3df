import { MARKETPLACE_PAGE_SIZE, marketplaceFiltersSchema, type FilterOption, type MarketplaceFilters, type MarketplaceResource } from '@asb/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LOCKS, withAdvisoryLock } from '../../platform/db/advisory-lock.js';
import type { Db } from '../../platform/db/client.js';
import { detailError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/live/event-bus.js';
import { announceMarketplaceChange } from '../../platform/live/marketplace-events.js';
import { facetValues, filterOptions } from './marketplace-facets.js';
import { itemResource, workflowResource } from './marketplace-resources.js';
import { correctQuery, queryWords, type Vocabulary } from './marketplace-spelling.js';
import { MarketplaceRepository, MAX_TERMS, tsqueryOf, type StoredResource } from './marketplace.repository.js';

/** Change marks read at once. */
const BATCH = 2000;
/** How long the facets are kept: another server of the same database may have changed the table meanwhile. */
const FACETS_TTL_MS = 10_000;
/**
 * How often the watcher looks for change marks nobody has read: writes that announce nothing
 * themselves (a model written through the STAC transactions or an ingest, a collection made
 * private, another process's writes) reach open marketplace pages within this time. Every
 * replica watches; the database makes one of them announce each change.
 */
const WATCH_MS = 2_000;

export interface ResourceQuery {
  query?: string;
  /** JSON text of MarketplaceFilters */
  filters?: string;
  after?: string;
  before?: string;
  limit?: number;
  offset?: number;
}

export interface ResourcePage {
  resources: MarketplaceResource[];
  collections: { identifier: string; title: string; publisher: string }[];
  total: number;
  /** the words searched instead, when the query's found nothing and some were misspelt */
  corrected_query?: string;
}

const FILTERS_HINT = 'filters must be a JSON object of facet keys to lists of values, e.g. {"type":["model"]}.';

/** The `filters` query parameter: a JSON object of facet key → checked values, else a 400. */
function parseFilters(text: string | undefined): MarketplaceFilters {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw detailError(400, FILTERS_HINT);
  }
  const result = marketplaceFiltersSchema.safeParse(parsed);
  if (!result.success) throw detailError(400, FILTERS_HINT);
  return result.data;
}

/** A day YYYY-MM-DD that exists (the contract checks the form; 2025-02-30 is refused here, not by the database). */
function checkDay(name: string, day: string | undefined): void {
  if (day === undefined) return;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw detailError(400, `${name} must be a date YYYY-MM-DD (got ${day}).`);
}

const stored = (resource: MarketplaceResource, workflowId: number | null): StoredResource => ({ resource, facets: facetValues(resource), workflowId });

/**
 * The marketplace (docs/marketplace.md): search, facets and paging over its own table, which it
 * brings up to date from the change marks the database's triggers leave before each answer.
 */
export class MarketplaceService {
  private readonly repository: MarketplaceRepository;
  private catchingUp: Promise<void> | undefined;
  private facets: { options: Promise<FilterOption[]>; at: number } | undefined;
  private vocabulary: { words: Promise<Vocabulary>; at: number } | undefined;
  private rereading: Promise<Vocabulary> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: { db: Db; dbKind: 'pglite' | 'postgres' },
    private readonly bus?: EventBus,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.repository = new MarketplaceRepository(database.db);
  }

  /** Reads again what changed since the last answer (one at a time in this process; marks are cleared once written). */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.readChanges().finally(() => {
      this.catchingUp = undefined;
    });
    return this.catchingUp;
  }

  /**
   * Every WATCH_MS: the marks no answer has read yet are read, and when applying marks changed
   * what is listed — here or on another replica, by a watcher or a search — `forceUpdate` goes
   * out once (docs/marketplace.md "forceUpdate"). A write that announced itself (a workflow
   * published) is announced once more: an open page reads again, harmlessly.
   */
  watch(): void {
    if (!this.bus || this.timer) return;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.announce()
        .catch((error: unknown) => this.log?.warn({ err: error }, 'marketplace: reading the change marks failed'))
        .finally(() => {
          busy = false;
        });
    }, WATCH_MS);
    this.timer.unref();
  }

  /** One look of the watcher: catches up, and announces a change no replica has announced yet; whether it did. */
  async announce(): Promise<boolean> {
    if (!this.bus) return false;
    await this.catchUp();
    // the row applying left: whoever deletes it announces, so one change is announced once
    if (!(await this.repository.claimAnnouncement())) return false;
    await announceMarketplaceChange(this.bus, 'catalogue');
    return true;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async readChanges(): Promise<void> {
    // most answers find no marks: only reading them takes the lock
    while ((await this.repository.changes(1)).length > 0) {
      // one reader at a time on every replica: a mark is applied, and its change announced, once
      const hasMore = await withAdvisoryLock(this.database, [LOCKS.marketplaceChanges, 0], (db) => this.readBatch(new MarketplaceRepository(db)));
      if (!hasMore) return;
    }
  }

  /** One batch of marks read and applied (a change of what is listed leaves an announcement pending); whether more may wait. */
  private async readBatch(repository: MarketplaceRepository): Promise<boolean> {
    const marks = await repository.changes(BATCH);
    if (marks.length === 0) return false;
    const workflowIds = [...new Set(marks.flatMap((mark) => (mark.workflowId !== null ? [mark.workflowId] : [])))];
    const collections = [...new Set(marks.flatMap((mark) => (mark.collectionId !== null && mark.itemId === null ? [mark.collectionId] : [])))];
    const itemKeys = new Map<string, { collectionId: string; itemId: string }>();
    for (const mark of marks)
      if (mark.collectionId !== null && mark.itemId !== null && !collections.includes(mark.collectionId))
        itemKeys.set(JSON.stringify([mark.collectionId, mark.itemId]), { collectionId: mark.collectionId, itemId: mark.itemId });
    const items = [...itemKeys.values()];
    const [workflowRows, itemRows] = await Promise.all([repository.workflows(workflowIds), repository.items({ items, collections })]);
    const rows = [...workflowRows.map((row) => stored(workflowResource(row), row.id)), ...itemRows.map((row) => stored(itemResource(row), null))];
    await repository.apply(
      { workflowIds, items, collections },
      rows,
      marks.map((mark) => mark.id),
    );
    this.facets = undefined;
    if (this.vocabulary) this.vocabulary.at = 0;
    return marks.length === BATCH;
  }

  async search(request: ResourceQuery): Promise<ResourcePage> {
    const filters = parseFilters(request.filters);
    checkDay('created_after', request.after);
    checkDay('created_before', request.before);
    if (request.after && request.before && request.after > request.before) throw detailError(400, 'created_after must not be later than created_before.');
    await this.catchUp();
    const words = queryWords(request.query, MAX_TERMS);
    const pageOf = (searched: readonly string[]) =>
      this.repository.page({
        tsquery: tsqueryOf(searched),
        filters,
        after: request.after,
        before: request.before,
        limit: request.limit ?? MARKETPLACE_PAGE_SIZE,
        offset: request.offset ?? 0,
      });
    let page = await pageOf(words);
    let correctedQuery: string | undefined;
    // typo tolerance, only when the words found nothing: each misspelt word becomes the known word it most likely meant
    if (page.total === 0 && words.length > 0) {
      const corrected = correctQuery(words, await this.words());
      if (corrected) {
        const again = await pageOf(corrected);
        if (again.total > 0) {
          page = again;
          correctedQuery = corrected.join(' ');
        }
      }
    }
    const collections = new Map<string, { identifier: string; title: string; publisher: string }>();
    for (const resource of page.resources)
      if (!collections.has(resource.collection))
        collections.set(resource.collection, {
          identifier: resource.collection,
          title: resource.collectionTitle ?? resource.collection,
          publisher: resource.publisher,
        });
    return {
      resources: page.resources,
      collections: [...collections.values()],
      total: page.total,
      ...(correctedQuery !== undefined ? { corrected_query: correctedQuery } : {}),
    };
  }

  /**
   * The words misspellings are corrected to, read again in the background once this process
   * changed the table or FACETS_TTL_MS passed: the previous words serve meanwhile (reading them
   * is a scan of every resource, bench/marketplace), only the very first read is waited for.
   */
  private words(): Promise<Vocabulary> {
    if (!this.vocabulary) {
      const words = this.repository.vocabulary();
      this.vocabulary = { words, at: Date.now() };
      words.catch(() => {
        if (this.vocabulary?.words === words) this.vocabulary = undefined;
      });
      return words;
    }
    if (Date.now() - this.vocabulary.at > FACETS_TTL_MS && !this.rereading) {
      const next = this.repository.vocabulary();
      this.rereading = next;
      next
        .then(
          () => {
            this.vocabulary = { words: next, at: Date.now() };
          },
          (error: unknown) => this.log?.warn({ err: error }, 'marketplace: reading the words for typo tolerance failed'),
        )
        .finally(() => {
          this.rereading = undefined;
        });
    }
    return this.vocabulary.words;
  }

  /** The facets over everything published: kept until the table changes here, at most FACETS_TTL_MS. */
  async filterTypes(): Promise<FilterOption[]> {
    await this.catchUp();
    const now = Date.now();
    if (!this.facets || now - this.facets.at > FACETS_TTL_MS) {
      const options = this.repository.facetCounts().then(filterOptions);
      this.facets = { options, at: now };
      options.catch(() => {
        if (this.facets?.options === options) this.facets = undefined;
      });
    }
    return this.facets.options;
  }
}

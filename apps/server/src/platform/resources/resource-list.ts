import type { BaseAttributes, ListDocument, ResourceObject } from '@asb/contracts';
import { baseAttributesSchema, LIST_COUNT_CAP, PAGE_SIZE } from '@asb/contracts';
import { and, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { detailError } from '../http/errors.js';
import type { ResourceRow } from './resource-definition.js';
import type { ListParams } from './resource-payload.js';
import type { ListOptions } from './resource.repository.js';
import type { ResourceService } from './resource.service.js';

/** The largest page a list answers (`page[size]`). */
export const MAX_PAGE_SIZE = 100;

/**
 * A page of the resources the principal may see, filtered and sorted as asked, with its pagination (JSON:API).
 * `wholeTable`: every row of the type's table, not only those its list shows (listScope): the admin's
 * list of executions has every kind, not only the workflow executions /monitoring lists.
 */
export async function listResources<R extends ResourceRow, A extends BaseAttributes>(
  service: ResourceService<R, A>,
  principal: Principal,
  params: ListParams,
  { wholeTable = false }: { wholeTable?: boolean } = {},
): Promise<ListDocument<A>> {
  const { def, repository } = service;
  const size = Math.min(Math.max(params.size ?? PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const conditions = [wholeTable ? undefined : def.listScope, def.scope?.where];
  for (const [name, value] of Object.entries(params.filters)) {
    conditions.push(service.filterCondition(name, value, principal));
  }
  const orderBy: SQL[] = [];
  for (const field of (params.sort ?? def.defaultSort ?? 'identifier').split(',').filter(Boolean)) {
    const order = repository.order(field.trim());
    if (!order) throw detailError(400, `Cannot sort by '${field}'.`);
    orderBy.push(order);
  }
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const page = Math.max(params.page ?? 1, 1);
  const options = { parts: service.visibleParts(principal), where, orderBy, page, size };
  const rows = await repository.page(options);
  const { count, capped } = await countOf(service, options, rows.length);
  const pages = Math.max(1, Math.ceil(count / size));
  const listed = listedKeys(service);
  const data = (await service.withWorkspaces(rows)).map((loaded) => listRow(service.toObject(principal, loaded), listed));
  // `capped` only when it is: an exact count keeps the spec's three fields
  return { data, meta: { pagination: { page, pages, count, ...(capped ? { capped } : {}) } } };
}

/** the attributes a list row carries, when the contract names them (`listed`); the item route answers the whole */
function listedKeys(service: Pick<ResourceService, 'def'>): Set<string> | undefined {
  const listed = service.def.contract?.schemas.listed;
  return listed && new Set([...Object.keys(baseAttributesSchema.shape), ...Object.keys(listed.shape)]);
}

/**
 * The list's count, exact up to LIST_COUNT_CAP rows past the page's first (so the pager
 * always reaches the next pages), else that many and `capped`: counting every visible row
 * of a large table on each page was the list's whole cost (bench/api). A short page is the
 * last one: its count needs no query.
 */
async function countOf<R extends ResourceRow>(
  service: { repository: ResourceService<R>['repository'] },
  options: ListOptions,
  rowsOnPage: number,
): Promise<{ count: number; capped: boolean }> {
  const offset = (options.page - 1) * options.size;
  if (rowsOnPage > 0 && rowsOnPage < options.size) return { count: offset + rowsOnPage, capped: false };
  if (rowsOnPage === 0 && options.page === 1) return { count: 0, capped: false };
  const limit = offset + LIST_COUNT_CAP;
  const counted = await service.repository.countUpTo(options, limit);
  return counted > limit ? { count: limit, capped: true } : { count: counted, capped: false };
}

function listRow<A>(object: ResourceObject<A>, listed: Set<string> | undefined): ResourceObject<A> {
  if (!listed) return object;
  const attributes = Object.fromEntries(Object.entries(object.attributes as Record<string, unknown>).filter(([key]) => listed.has(key)));
  return { ...object, attributes: attributes as A };
}

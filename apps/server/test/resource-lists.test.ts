import { LIST_COUNT_CAP } from '@asb/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executions } from '../src/modules/builder/executions.schema.js';
import { workflows } from '../src/modules/knowledge/workflows.schema.js';
import { rowsOf } from '../src/platform/db/client.js';
import { resourceWorkspaces } from '../src/platform/db/schema.js';
import { knowledgeApi, type Headers, type JsonApiList } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Pagination = JsonApiList['meta']['pagination'] & { capped?: boolean };
interface WorkflowList {
  data: { id: string; attributes: { identifier: string; ownerId: string } }[];
  meta: { pagination: Pagination };
}

/**
 * The generic lists (platform/resources): own rows and shared rows read as two parts, a count
 * exact up to LIST_COUNT_CAP rows past the page's first and capped beyond, the search. ana owns
 * more workflows than the cap; bob shares one with their workspace and keeps one to himself;
 * carl belongs to no workspace. Rows are written straight into the table: the API would take
 * minutes for a thousand.
 */
describe('resource lists: access parts, capped count, search', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  const users = {} as Record<'ana' | 'bob' | 'carl', Headers>;
  const OWN = LIST_COUNT_CAP + 30;

  const list = async (query: string, headers: Headers): Promise<WorkflowList> => api.list(`/knowledge/v1/workflows?${query}`, headers);
  const identifiers = (document: WorkflowList) => document.data.map((row) => row.attributes.identifier);

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    api = knowledgeApi(app);
    const lab = await api.workspace('lab');
    users.ana = await api.member('ana', { [lab]: 'user' });
    users.bob = await api.member('bob', { [lab]: 'user' });
    users.carl = await api.member('carl');
    const start = Date.parse('2026-01-01T00:00:00Z');
    await app.ctx.db.insert(workflows).values(
      Array.from({ length: OWN }, (_, index) => ({
        identifier: `ana-${String(index).padStart(4, '0')}`,
        label: index % 100 === 7 ? `Flood extent ${index}` : `Crop map ${index}`,
        slug: `ana-${index}`,
        ownerId: 'ana',
        createdAt: new Date(start + index * 1000),
      })),
    );
    const [shared, , carls] = await app.ctx.db
      .insert(workflows)
      .values([
        // the newest of all: first of ana's list sorted by creation, though not hers
        { identifier: 'bob-shared', label: 'Flood shared by bob', slug: 'bob-shared', ownerId: 'bob', createdAt: new Date(start + OWN * 1000) },
        { identifier: 'bob-private', label: 'Flood kept by bob', slug: 'bob-private', ownerId: 'bob', createdAt: new Date(start + 10) },
        { identifier: 'carl-private', label: 'Flood of carl', slug: 'carl-private', ownerId: 'carl', createdAt: new Date(start + 20) },
      ])
      .returning();
    await app.ctx.db.insert(resourceWorkspaces).values({ resourceType: 'workflows', resourceId: shared!.id, workspaceId: Number(lab) });
    expect(carls!.identifier).toBe('carl-private');
    // a limit for a stuck start on a busy machine, not a timing
  }, 180_000);
  afterAll(async () => {
    await app.close();
  });

  it('counts exactly up to the cap past the page, says when it stopped there, and the next pages raise it', async () => {
    const first = await list('page[size]=20&sort=-createdAt', users.ana);
    expect(first.meta.pagination).toEqual({ page: 1, pages: LIST_COUNT_CAP / 20, count: LIST_COUNT_CAP, capped: true });
    expect(identifiers(first)[0]).toBe('bob-shared');

    // the pager's last page so far: past it the count is exact again (OWN + the shared one)
    const deep = await list(`page[size]=20&sort=-createdAt&page[number]=${LIST_COUNT_CAP / 20}`, users.ana);
    expect(deep.meta.pagination).toEqual({ page: LIST_COUNT_CAP / 20, pages: Math.ceil((OWN + 1) / 20), count: OWN + 1 });

    const last = await list(`page[size]=20&sort=-createdAt&page[number]=${Math.ceil((OWN + 1) / 20)}`, users.ana);
    expect(last.data).toHaveLength((OWN + 1) % 20);
    expect(last.meta.pagination).toMatchObject({ count: OWN + 1 });
    // the oldest of ana's, last of all
    expect(identifiers(last).at(-1)).toBe('ana-0000');
  });

  it('pages through own and shared rows in one order, each row once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...identifiers(await list(`page[size]=7&sort=-createdAt&page[number]=${page}`, users.ana)));
    expect(seen).toEqual(['bob-shared', ...Array.from({ length: 20 }, (_, index) => `ana-${String(OWN - 1 - index).padStart(4, '0')}`)]);
  });

  it('shows a user their own rows and the rows shared with their workspaces, never another user’s unshared rows', async () => {
    const bob = await list('page[size]=100&sort=identifier', users.bob);
    expect(identifiers(bob)).toEqual(['bob-private', 'bob-shared']);
    expect(bob.meta.pagination).toEqual({ page: 1, pages: 1, count: 2 });

    const carl = await list('page[size]=100', users.carl);
    expect(identifiers(carl)).toEqual(['carl-private']);

    // the search goes through the same parts: ana finds bob's shared flood, not his private one nor carl's
    const floods = await list('page[size]=100&sort=identifier&filter[search]=flood', users.ana);
    expect(identifiers(floods)).toEqual([...Array.from({ length: 11 }, (_, index) => `ana-${String(index * 100 + 7).padStart(4, '0')}`), 'bob-shared']);
    expect(floods.meta.pagination).toEqual({ page: 1, pages: 1, count: 12 });

    // an owner filter of someone else's name shows only what is shared
    expect(identifiers(await list('filter[ownerId]=bob', users.ana))).toEqual(['bob-shared']);
    expect(identifiers(await list('filter[ownerId]=carl', users.ana))).toEqual([]);
  });

  it('shows a superuser every row, with the count capped too', async () => {
    const all = await list('page[size]=5&sort=createdAt', app.adminHeader);
    expect(all.meta.pagination).toEqual({ page: 1, pages: LIST_COUNT_CAP / 5, count: LIST_COUNT_CAP, capped: true });
    const floods = await list('page[size]=100&filter[search]=FLOOD', app.adminHeader);
    expect(floods.meta.pagination.count).toBe(14);
  });

  it('answers an empty page past the end with the exact count', async () => {
    const past = await list('page[size]=20&page[number]=999', users.bob);
    expect(past.data).toEqual([]);
    expect(past.meta.pagination).toEqual({ page: 999, pages: 1, count: 2 });
  });

  it('has a trigram index that can serve the search (pg_trgm, PGlite and PostgreSQL)', async () => {
    const plan = await app.ctx.db.transaction(async (tx) => {
      // the planner prefers a scan on a table this small: forbid it to see that the index serves the ILIKE
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain select id from workflows where label ilike '%flood%' or identifier ilike '%flood%'`),
      );
    });
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('workflows_search_trgm_idx');
  });

  it('answers list rows without the results and the pinned order, which the item route still answers whole', async () => {
    const [flow] = await app.ctx.db
      .select({ id: workflows.id })
      .from(workflows)
      .where(sql`${workflows.identifier} = 'ana-0001'`);
    const tasks = Array.from({ length: 40 }, (_, index) => ({
      task_id: `t${index}`,
      task_label: `step ${index}`,
      state: 'success' as const,
      start_date: '2026-01-01T00:00:00Z',
      end_date: '2026-01-01T00:00:05Z',
      try_number: 1,
      run: '',
    }));
    const [row] = await app.ctx.db
      .insert(executions)
      .values({
        identifier: 'ana-run-1',
        label: 'Crop map run',
        slug: null,
        ownerId: 'ana',
        processorId: flow!.id,
        processorVersion: 1,
        status: 'success',
        progress: 1,
        inputs: [
          {
            node_id: 'n1',
            items: [
              {
                identifier: 'aoi',
                label: 'Area',
                value: 'POLYGON((0 0,1 0,1 1,0 0))',
                user_visible: true,
                user_editable: true,
                description: '',
                data_type: 'wkt',
              },
            ],
          },
        ],
        executionResults: {
          info: { data: { streams: {} } },
          tasks,
          data: [{ task_id: 't0', key: 'ndvi', type: 'geotiff', type_label: 'GeoTIFF', label: 'NDVI', value: 'ndvi.tif' }],
        },
        workflowExecutionOrder: { tasks: [], workflow: { identifier: 'ana-0001', version: 1, 'dag-type': 'standard' } },
      })
      .returning();
    const listed = await api.list<Record<string, unknown>>('/builder/v1/executions?page[size]=20', users.ana);
    expect(listed.data.map((execution) => execution.id)).toEqual([String(row!.id)]);
    const attributes = listed.data[0]!.attributes;
    expect(attributes).not.toHaveProperty('executionResults');
    expect(attributes).not.toHaveProperty('workflowExecutionOrder');
    // what the list's row and its expanded row show stays
    expect(attributes).toMatchObject({ identifier: 'ana-run-1', status: 'success', processorLabel: 'Crop map run', failure: null });
    expect(attributes.inputs).toHaveLength(1);

    const whole = await api.send('GET', `/builder/v1/executions/${row!.id}`, users.ana);
    expect(whole.statusCode).toBe(200);
    expect(whole.json<{ data: { attributes: { executionResults: { tasks: unknown[] } } } }>().data.attributes.executionResults.tasks).toHaveLength(40);
    // the row is a small part of the document
    expect(JSON.stringify(listed.data[0]).length * 3).toBeLessThan(whole.body.length);
  });
});

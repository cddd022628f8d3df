import type { AppContext } from '../../app-context.js';
import { dagTypeOf, deriveSlug, workflowsContract } from '@asb/contracts';
import { sql } from 'drizzle-orm';
import { attributeErrors } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { booleanFilter } from '../../platform/resources/resource-filters.js';
import { checkedGraph, stableJson } from './workflow-graph-check.js';
import type { WorkflowRow } from './workflow-versions.js';
import { announceMarketplaceChange } from '../../platform/live/marketplace-events.js';
import { workflows, workflowVersions } from './workflows.schema.js';

/**
 * Workflows (spec 1 §2, §3). identifier = slug, derived from the label unless given.
 * A graph is checked on every save (docs/workflows.md); a changed graph becomes the
 * next version, written to workflow_versions in the same transaction.
 */
export const workflowsResource = resourceOf<typeof workflowsContract, AppContext>(workflowsContract).define<WorkflowRow>({
  table: workflows,
  shareable: true,
  defaultSort: '-createdAt',
  toInsert: async (attributes, principal, ctx) => {
    const { label } = attributes;
    const slug = attributes.slug || deriveSlug(label);
    if (!slug) throw attributeErrors({ label: 'The name needs a letter or a digit to derive the slug from.' });
    return {
      identifier: slug,
      slug,
      label,
      shortDescription: attributes.shortDescription ?? '',
      ownerId: principal.username,
      version: 1,
      graph: await checkedGraph(ctx, principal, attributes.graph ?? {}),
    };
  },
  toUpdate: async (attributes, row, ctx, principal) => {
    const { graph, ...rest } = attributes;
    if (graph === undefined) return rest;
    const checked = await checkedGraph(ctx, principal, graph);
    if (stableJson(checked) === stableJson(row.graph)) return rest;
    // computed in the UPDATE itself: two saves at once get two versions, never one twice
    return { ...rest, graph: checked, version: sql`${workflows.version} + 1` };
  },
  afterWrite: async (row, tx, principal) => {
    await tx
      .insert(workflowVersions)
      .values({ workflowId: row.id, version: row.version, graph: row.graph, createdBy: principal.username })
      .onConflictDoNothing();
  },
  // a published workflow changed, archived, unarchived or deleted: the marketplace reads again
  afterChange: async (before, ctx) => {
    if (before.isPublished) await announceMarketplaceChange(ctx.bus, 'workflow');
  },
  duplicateField: (attributes) => (attributes.slug ? 'slug' : 'label'),
  duplicateMessage: 'A workflow with this slug already exists.',
  attributes: (row) => ({
    shortDescription: row.shortDescription,
    description: row.description,
    isPublished: row.isPublished,
    version: row.version,
    dagType: dagTypeOf(row.graph),
    graph: row.graph,
  }),
  filters: { isPublished: booleanFilter('isPublished', workflows.isPublished) },
  sortable: { version: workflows.version },
});

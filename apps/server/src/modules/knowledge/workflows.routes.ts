import type { workflowsContract } from '@asb/contracts';
import type { AnswerOf } from '../../platform/resources/resource-contract.js';
import {
  dagTypeOf,
  graphChanges,
  isEncryptedInput,
  nodePorts,
  publishWorkflowSchema,
  workflowInputGroups,
  workflowOperations as operations,
  type WorkflowInputGroup,
} from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/permissions.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { detailError, notFound, permissionDenied } from '../../platform/http/errors.js';
import { parseAttributes } from '../../platform/resources/resource-payload.js';
import { resourceId, ResourceService } from '../../platform/resources/resource.service.js';
import { processVersionsResource } from './process-versions.resource.js';
import { catalogueItem } from './workflow-catalogue-item.js';
import {
  dataTypeLabels,
  findWorkflowVersion,
  listWorkflowVersions,
  loadGraphVersions,
  loadWorkflowVersion,
  resolverOf,
  type WorkflowRow,
} from './workflow-versions.js';
import { findWorkflow, publishWorkflow, unpublishWorkflow } from './workflows.repository.js';
import { needs, onResource, type RouteAccess } from '../../platform/http/access.js';
import { requireFeature } from '../../platform/http/theme-features.js';
import { announceMarketplaceChange } from '../../platform/live/marketplace-events.js';
import { mount } from '../../platform/http/operations.js';

/** knowledge/v1 calls on a workflow beyond the generic ones (docs/workflows.md, spec 1 §7 Knowledge). */
export function registerWorkflowRoutes(app: FastifyInstance, ctx: AppContext, service: ResourceService<WorkflowRow, AnswerOf<typeof workflowsContract>>): void {
  const route = <A extends RouteAccess>(access: A) => ({ access, tags: ['knowledge'] });
  const versions = new ResourceService(processVersionsResource, ctx);

  const load = async (principal: Principal, id: string) => (await service.load(principal, id)).row;

  mount(app, operations, 'GET /knowledge/v1/workflows/{id}/versions', route(onResource('workflows', 'view')), async (request) => {
    const workflow = await load(request.principal, request.params.id);
    // newest first: each version's predecessor is the next row
    const rows = await listWorkflowVersions(ctx.db, workflow.id);
    return {
      data: rows.map((row, index) => ({
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy,
        nodeCount: row.graph.nodes.length,
        edgeCount: row.graph.edges.length,
        changes: graphChanges(rows[index + 1]?.graph, row.graph),
      })),
    };
  });

  mount(app, operations, 'GET /knowledge/v1/workflows/{id}/versions/{version}', route(onResource('workflows', 'view')), async (request) => {
    const workflow = await load(request.principal, request.params.id);
    const row = await findWorkflowVersion(ctx.db, workflow.id, request.params.version);
    return { data: { version: row.version, graph: row.graph, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy } };
  });

  mount(app, operations, 'GET /knowledge/v1/workflows/{id}/nodes', route(onResource('workflows', 'view')), async (request) => {
    const workflow = await load(request.principal, request.params.id);
    const found = await loadGraphVersions(ctx, null, workflow.graph);
    return {
      data: workflow.graph.nodes.map((node) => ({
        type: 'nodes' as const,
        id: `${workflow.id}.${node.id}`,
        attributes: {
          nodeId: node.id,
          kind: node.kind,
          label: node.label ?? '',
          processVersion: node.processVersion ?? null,
          position: node.position,
          inputs: node.inputs,
          ports: nodePorts(node, node.processVersion ? found.get(node.processVersion)?.signature : undefined) ?? null,
        },
      })),
    };
  });

  mount(app, operations, 'GET /knowledge/v1/nodes/{id}/process', route(needs('workflows:view')), async (request) => {
    const [workflowId, nodeId] = splitNodeId(request.params.id);
    const workflow = await load(request.principal, workflowId);
    const node = workflow.graph.nodes.find((candidate) => candidate.id === nodeId);
    if (!node) throw notFound(`No node ${request.params.id} found.`);
    if (!node.processVersion) throw notFound(`Node ${request.params.id} is a ${node.kind}: it runs no process.`);
    const found = (await loadGraphVersions(ctx, null, { nodes: [node], edges: [] })).get(node.processVersion);
    if (!found) throw notFound(`Process version ${node.processVersion} no longer exists.`);
    return versions.get(request.principal, String(found.id));
  });

  mount(app, operations, 'GET /knowledge/v1/processors/{id}', route(onResource('workflows', 'view')), async (request) => {
    const workflow = await load(request.principal, request.params.id);
    const { version, graph } = await loadWorkflowVersion(ctx.db, workflow, request.query.version);
    const saved = await findWorkflowVersion(ctx.db, workflow.id, version);
    const found = await loadGraphVersions(ctx, null, graph);
    const labels = await dataTypeLabels(ctx.db);
    const groups = workflowInputGroups(graph, resolverOf(found), (identifier) => labels.get(identifier.toLowerCase()));
    return {
      data: {
        type: 'processors' as const,
        id: String(workflow.id),
        attributes: {
          identifier: workflow.identifier,
          label: workflow.label,
          ownerId: workflow.ownerId,
          version,
          dagType: dagTypeOf(graph),
          isArchived: workflow.isArchived,
          inputs: await withEncryption(ctx, groups),
          changedBy: saved.createdBy,
          changedAt: saved.createdAt.toISOString(),
        },
      },
    };
  });

  mount(app, operations, 'GET /knowledge/v1/workflows/{id}/outputs', route(onResource('workflows', 'view')), async (request) => {
    const workflow = await load(request.principal, request.params.id);
    const found = await loadGraphVersions(ctx, null, workflow.graph);
    const labels = await dataTypeLabels(ctx.db);
    const outputs: Record<string, Record<string, { type: string; label: string }>> = {};
    for (const version of found.values()) {
      outputs[`${version.processIdentifier} ${version.value}`] = Object.fromEntries(
        version.signature.outputs.map((port) => [port.name, { type: port.dataType, label: labels.get(port.dataType.toLowerCase()) ?? port.dataType }]),
      );
    }
    return { data: outputs };
  });

  mount(app, operations, 'GET /knowledge/v1/workflows/{id}/is_published', route(onResource('workflows', 'view')), async (request) => {
    const workflow = await load(request.principal, request.params.id);
    return { data: { published: workflow.isPublished } };
  });

  mount(app, operations, 'PATCH /knowledge/v1/workflows/{id}/publish', route(onResource('workflows', 'owner or superuser')), async (request) => {
    const principal = request.principal;
    const workflow = await load(principal, request.params.id);
    if (workflow.ownerId !== principal.username && !principal.isSuperuser) throw permissionDenied();
    if (workflow.isArchived) throw detailError(400, 'Archived workflows cannot be published.');
    // the page offers Publish only with the feature; Unpublish stays, to withdraw what was published before
    requireFeature(ctx.config, 'workflow-publishing', 'Publishing to the Marketplace');
    const attributes = parseAttributes(publishWorkflowSchema, request.body.data.attributes);
    await publishWorkflow(ctx.db, workflow.id, JSON.stringify(attributes));
    await announceMarketplaceChange(ctx.bus, 'workflow');
    return service.get(principal, request.params.id);
  });

  mount(app, operations, 'PATCH /knowledge/v1/workflows/{id}/unpublish', route(onResource('workflows', 'owner or superuser')), async (request) => {
    const principal = request.principal;
    const workflow = await load(principal, request.params.id);
    if (workflow.ownerId !== principal.username && !principal.isSuperuser) throw permissionDenied();
    await unpublishWorkflow(ctx.db, workflow.id);
    if (workflow.isPublished) await announceMarketplaceChange(ctx.bus, 'workflow');
    return service.get(principal, request.params.id);
  });

  // public for a published workflow (route workflow:detail needs no sign-in), else as the workflow itself
  mount(
    app,
    operations,
    'GET /knowledge/v1/workflows/{id}/catalogue-item',
    route({ who: 'public', permission: 'published, else workflows:view' }),
    async (request) => {
      const id = resourceId(request.params.id);
      const row = id !== undefined ? await findWorkflow(ctx.db, id) : undefined;
      // anyone may read a published workflow's item; any other needs a user who may view the workflow (401 signed out)
      const workflow = row?.isPublished ? row : await load(requireUser(request.principal), request.params.id);
      return catalogueItem(workflow, ctx.config.publicUrl);
    },
  );
}

function splitNodeId(id: string): [string, string] {
  const dot = id.indexOf('.');
  if (dot <= 0) throw notFound(`No node ${id} found: node ids read {workflow id}.{node id}.`);
  return [id.slice(0, dot), id.slice(dot + 1)];
}

/** Password inputs carry the keystore's public key: the browser encrypts with it (spec 1 §5). */
async function withEncryption(ctx: AppContext, groups: WorkflowInputGroup[]): Promise<WorkflowInputGroup[]> {
  if (!groups.some((group) => group.items.some(isEncryptedInput))) return groups;
  const publicKey = await ctx.keystore.publicKey();
  return groups.map((group) => ({
    ...group,
    items: group.items.map((item) =>
      isEncryptedInput(item)
        ? { ...item, constraints: { ...item.constraints, enc_method: 'RSA' as const, enc_hash_function: 'SHA' as const, enc_public_key: publicKey } }
        : item,
    ),
  }));
}

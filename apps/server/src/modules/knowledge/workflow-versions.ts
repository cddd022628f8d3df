import { validateWorkflowGraph, type ProcessSignature, type VersionResolver, type WorkflowGraph, type WorkflowProblem } from '@asb/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { processesResource } from './processes.resource.js';
import { dataTypes, processes, processVersions } from './processes.schema.js';
import type { workflows } from './workflows.schema.js';
import { workflowVersions } from './workflows.schema.js';
import { guardedMatch } from '../../platform/pattern-guard.js';

export type WorkflowRow = typeof workflows.$inferSelect;

/** A released process version a graph may name, as the validator and the engine see it. */
export interface ResolvedProcessVersion {
  id: number;
  identifier: string;
  value: string;
  processIdentifier: string;
  processLabel: string;
  signature: ProcessSignature;
}

/**
 * The released process versions a graph names that the principal may see (owner,
 * superuser, or shared with one of the principal's workspaces through the process).
 * Without a principal (the engine, a schedule) every released version counts.
 */
export async function loadGraphVersions(ctx: AppContext, principal: Principal | null, graph: WorkflowGraph): Promise<Map<string, ResolvedProcessVersion>> {
  const identifiers = [...new Set(graph.nodes.flatMap((node) => (node.processVersion ? [node.processVersion] : [])))];
  const found = new Map<string, ResolvedProcessVersion>();
  if (identifiers.length === 0) return found;
  const visible = principal ? new ResourceService(processesResource, ctx).visibility(principal) : undefined;
  const rows = await ctx.db
    .select({
      id: processVersions.id,
      identifier: processVersions.identifier,
      value: processVersions.value,
      signature: processVersions.signature,
      processIdentifier: processes.identifier,
      processLabel: processes.label,
    })
    .from(processVersions)
    .innerJoin(processes, eq(processes.id, processVersions.processId))
    .where(and(inArray(processVersions.identifier, identifiers), eq(processVersions.released, true), visible));
  for (const row of rows) found.set(row.identifier, row);
  return found;
}

export function resolverOf(versions: Map<string, ResolvedProcessVersion>): VersionResolver {
  return (identifier) => versions.get(identifier);
}

/**
 * Whether a pinned graph can run now (an execution being created, a schedule being saved):
 * its process versions, looked up without a principal (the workflow's author chose them,
 * not the user who runs it), and the problems that would stop it (a version archived or
 * deleted since the graph was saved...).
 */
export async function checkRunnableGraph(
  ctx: AppContext,
  graph: WorkflowGraph,
): Promise<{ versions: Map<string, ResolvedProcessVersion>; resolve: VersionResolver; problems: WorkflowProblem[] }> {
  const versions = await loadGraphVersions(ctx, null, graph);
  const resolve = resolverOf(versions);
  return { versions, resolve, problems: validateWorkflowGraph(graph, resolve, guardedMatch) };
}

/** The graph of one version of a workflow (default: its current version). */
export async function loadWorkflowVersion(db: Db, workflow: WorkflowRow, version?: number): Promise<{ version: number; graph: WorkflowGraph }> {
  const wanted = version ?? workflow.version;
  if (wanted === workflow.version) return { version: wanted, graph: workflow.graph };
  const row = await findWorkflowVersion(db, workflow.id, wanted);
  return { version: row.version, graph: row.graph };
}

/** One saved version of a workflow, or 404. */
export async function findWorkflowVersion(db: Db, workflowId: number, version: number) {
  const [row] = await db
    .select()
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.version, version)));
  if (!row) throw notFound(`Workflow #${workflowId} has no version ${version}.`);
  return row;
}

/** Saved versions, newest first. */
export async function listWorkflowVersions(db: Db, workflowId: number) {
  return db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflowId)).orderBy(desc(workflowVersions.version));
}

/** Data type identifier → label (the seeded list and what staff added), for forms and reports. */
export async function dataTypeLabels(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ identifier: dataTypes.identifier, label: dataTypes.label }).from(dataTypes);
  return new Map(rows.map((row) => [row.identifier, row.label]));
}

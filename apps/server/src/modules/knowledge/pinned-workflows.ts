import type { WorkflowGraph } from '@asb/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { processImages, processVersions } from './processes.schema.js';
import { readableVersions } from './readable-versions.js';
import { dataTypeLabels } from './workflow-versions.js';
import { workflowVersions } from './workflows.schema.js';

/**
 * The knowledge store as the engine reads it when a workflow execution runs (the engine's
 * WorkflowSource port, engine/ports.ts): the pinned graph, the process versions it names with
 * what their images allot, the data types' labels, and whether the owner may still read a version.
 */
export class PinnedWorkflows {
  constructor(private readonly ctx: AppContext) {}

  async graphOf(workflowId: number, version: number): Promise<WorkflowGraph | undefined> {
    const [pinned] = await this.ctx.db
      .select({ graph: workflowVersions.graph })
      .from(workflowVersions)
      .where(and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.version, version)));
    return pinned?.graph as WorkflowGraph | undefined;
  }

  /** The versions among `identifiers` that exist, with their image's allotments (the defaults without an image). */
  async runnableVersions(identifiers: string[]) {
    if (identifiers.length === 0) return [];
    const rows = await this.ctx.db
      .select({ version: processVersions, image: processImages })
      .from(processVersions)
      .leftJoin(processImages, eq(processImages.versionId, processVersions.id))
      .where(inArray(processVersions.identifier, identifiers));
    return rows.map(({ version, image }) => ({
      identifier: version.identifier,
      manifest: version.manifest,
      signature: version.signature,
      cpus: image?.allocatedCpus ?? 1,
      memoryMb: image?.allocatedMem ?? 1024,
      diskMb: image?.allocatedDisk ?? 1024,
      network: version.signature.network === true,
      retries: image?.retries ?? 0,
      retryDelayMs: (image?.retryDelaySeconds ?? 10) * 1000,
      timeoutMs: (image?.timeoutSeconds ?? 3600) * 1000,
    }));
  }

  dataTypeLabels(): Promise<Map<string, string>> {
    return dataTypeLabels(this.ctx.db);
  }

  async mayRead(owner: string, processVersion: string): Promise<boolean> {
    const user = await this.ctx.users.principal(owner);
    return user !== undefined && (await readableVersions(this.ctx, user.principal, [processVersion])).has(processVersion);
  }
}

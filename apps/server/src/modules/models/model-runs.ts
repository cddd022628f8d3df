import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { modelRunSchema, type ModelRun, type ModelRunReference } from '@asb/contracts';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { workspaces } from '../../platform/db/schema.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { OutboundFetchError, readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { modelRuns } from './model-runs.schema.js';

/** A run as the portal records it. */
export interface RunRecord {
  workspace: string;
  experimentId: string;
  name: string;
  ownerId: number | null;
  isPublic: boolean;
  startTime: Date;
  endTime: Date;
  params: Record<string, string>;
  metrics: Record<string, number>;
  tags?: Record<string, string>;
  artifactUri?: string;
}

const mlflowAnswer = z.object({ run: modelRunSchema });

/** Entries by key (jsonb keeps its own order: by length, then bytes). */
const sorted = <T>(record: Record<string, T>): [string, T][] => Object.entries(record).sort(([a], [b]) => a.localeCompare(b));

/**
 * Model training runs (docs/models.md "Training runs"): the portal's own store, answered in
 * MLflow's `runs/get` shape; with MLFLOW_TRACKING_URI set, a real MLflow tracking server is read
 * instead (through the outbound guard).
 */
export class ModelRuns {
  constructor(
    private readonly db: Db,
    private readonly outbound: OutboundFetch,
    private readonly options: {
      trackingUri?: string;
      /** whether the caller may read a model item naming this run (`asb:run`): who may read a run of the tracking server */
      namedByReadableItem?: (principal: Principal, run: ModelRunReference) => Promise<boolean>;
      log?: { warn(details: object, message: string): void };
    } = {},
  ) {}

  /** Records a finished run; its id, 32 hex digits as MLflow's. */
  async record(run: RunRecord): Promise<string> {
    const id = randomBytes(16).toString('hex');
    await this.db.insert(modelRuns).values({ id, ...run, tags: run.tags ?? {} });
    return id;
  }

  /** The run, when `principal` may read it: 404 otherwise (a run is not revealed to strangers). */
  async describe(principal: Principal, workspace: string, experimentId: string, runId: string): Promise<ModelRun> {
    if (this.options.trackingUri) {
      // MLflow's permissions are not the portal's: a run of the tracking server is read for those
      // who may read a model item naming it (and staff)
      const reference = { workspace, experiment_id: experimentId, run_id: runId };
      const allowed = principal.isStaff || principal.isSuperuser || (await this.options.namedByReadableItem?.(principal, reference));
      if (!allowed) throw notFound(`No run "${runId}" in experiment "${experimentId}" of workspace "${workspace}".`);
      return this.fromTracking(workspace, experimentId, runId);
    }
    const [row] = await this.db
      .select()
      .from(modelRuns)
      .where(and(eq(modelRuns.id, runId), eq(modelRuns.workspace, workspace), eq(modelRuns.experimentId, experimentId)));
    if (!row || !(await this.mayRead(principal, row))) throw notFound(`No run "${runId}" in experiment "${experimentId}" of workspace "${workspace}".`);
    const at = (row.endTime ?? row.startTime).getTime();
    return {
      info: {
        run_id: row.id,
        run_name: row.name,
        experiment_id: row.experimentId,
        status: row.status,
        start_time: row.startTime.getTime(),
        ...(row.endTime ? { end_time: row.endTime.getTime() } : {}),
        ...(row.artifactUri ? { artifact_uri: row.artifactUri } : {}),
        lifecycle_stage: 'active',
      },
      data: {
        metrics: sorted(row.metrics).map(([key, value]) => ({ key, value, timestamp: at, step: 0 })),
        params: sorted(row.params).map(([key, value]) => ({ key, value })),
        tags: sorted(row.tags).map(([key, value]) => ({ key, value })),
      },
    };
  }

  private async mayRead(principal: Principal, row: typeof modelRuns.$inferSelect): Promise<boolean> {
    if (row.isPublic || principal.isStaff || principal.isSuperuser || row.ownerId === principal.id) return true;
    const [workspace] = await this.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.identifier, row.workspace));
    return workspace !== undefined && (principal.roles.get(workspace.id)?.length ?? 0) > 0;
  }

  /** MLflow's `GET /api/2.0/mlflow/runs/get?run_id=`: its answer is already the shape the pages read. */
  private async fromTracking(workspace: string, experimentId: string, runId: string): Promise<ModelRun> {
    const url = `${this.options.trackingUri!.replace(/\/+$/, '')}/api/2.0/mlflow/runs/get?run_id=${encodeURIComponent(runId)}`;
    let response: Awaited<ReturnType<OutboundFetch['fetch']>>;
    try {
      response = await this.outbound.fetch(url, { headers: { accept: 'application/json' }, timeoutMs: 15_000 });
    } catch (error) {
      // the tracking server's address is the operator's, not the user's: in the log only
      if (error instanceof OutboundFetchError) {
        this.options.log?.warn({ reason: error.reason }, 'model runs: the tracking server could not be reached');
        throw detailError(502, 'The model tracking server could not be reached.');
      }
      throw error;
    }
    const text = await readCapped(response, 4 * 1024 * 1024);
    if (response.status === 404 || (response.status === 400 && text.includes('RESOURCE_DOES_NOT_EXIST')))
      throw notFound(`No run "${runId}" in experiment "${experimentId}" of workspace "${workspace}".`);
    if (!response.ok) throw detailError(502, `The model tracking server answered ${response.status}.`);
    let parsed: z.infer<typeof mlflowAnswer>;
    try {
      parsed = mlflowAnswer.parse(JSON.parse(text));
    } catch {
      throw detailError(502, 'The model tracking server answered something that is not an MLflow run.');
    }
    if (parsed.run.info.experiment_id !== experimentId) throw notFound(`No run "${runId}" in experiment "${experimentId}" of workspace "${workspace}".`);
    return parsed.run;
  }
}

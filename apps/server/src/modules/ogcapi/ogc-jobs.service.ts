import { OGC_EXCEPTION, OGC_JOB_STATUSES, type OgcLink, type OgcResults, type OgcStatusInfo } from '@asb/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Engine } from '../../engine/engine.module.js';
import type { Principal } from '../../platform/auth/principal.js';
import { resourceId } from '../../platform/resources/resource.service.js';
import type { ExecutionRow } from '../builder/executions.resource.js';
import { executions } from '../builder/executions.schema.js';
import { loadWorkflowVersion } from '../knowledge/workflow-versions.js';
import { workflows } from '../knowledge/workflows.schema.js';
import { hasEnded, statusInfoOf } from './job-status.js';
import { applicationResults, workflowResults } from './job-results.js';
import { noSuchJob, ogcError } from './ogc-errors.js';
import { jobOutputsOf } from './job-outputs.repository.js';
import { workflowSignature } from './workflow-processes.js';

/** The execution statuses of each job status (the job-list's `status` filter). */
const EXECUTION_STATUSES: Record<string, string[]> = {
  accepted: ['created', 'pending'],
  running: ['running'],
  successful: ['success'],
  failed: ['failed'],
  dismissed: ['stopped'],
};

export interface JobListQuery {
  limit: number;
  offset: number;
  status?: string;
  processID?: string;
  type?: string;
}

/**
 * /ogcapi/jobs: the caller's executions as OGC jobs (docs/ogcapi.md). A job is an
 * execution of the portal, the same one /monitoring shows; another user's job is unknown
 * to the caller (404), as the API says of a job it does not know.
 */
export class OgcJobs {
  constructor(
    private readonly ctx: AppContext,
    private readonly engine: Engine,
  ) {}

  async list(principal: Principal, query: JobListQuery, base: string): Promise<{ jobs: OgcStatusInfo[]; links: OgcLink[] }> {
    const self = `${base}/ogcapi/jobs`;
    // self and next keep the filter they were asked with, so that a client paging on sees the same list
    const filter = Object.fromEntries(
      (['status', 'processID', 'type'] as const).flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]]])),
    ) as Record<string, string>;
    const pageUrl = (offset: number) => `${self}?${new URLSearchParams({ ...filter, limit: String(query.limit), offset: String(offset) })}`;
    if (query.type !== undefined && query.type !== 'process')
      return { jobs: [], links: [{ href: pageUrl(query.offset), rel: 'self', type: 'application/json' }] };
    const conditions: (SQL | undefined)[] = [eq(executions.ownerId, principal.username)];
    if (query.status !== undefined) {
      const wanted = query.status.split(',').map((status) => status.trim());
      const unknown = wanted.find((status) => !(OGC_JOB_STATUSES as readonly string[]).includes(status));
      if (unknown !== undefined) throw ogcError(400, OGC_EXCEPTION.invalidParameter, `status: ${unknown} is not one of ${OGC_JOB_STATUSES.join(', ')}.`);
      conditions.push(
        inArray(
          executions.status,
          wanted.flatMap((status) => EXECUTION_STATUSES[status] ?? []),
        ),
      );
    }
    if (query.processID !== undefined) {
      conditions.push(
        sql`(case when ${executions.kind} = 'application' then ${executions.application}->>'identifier' else ${executions.workflowExecutionOrder}->'workflow'->>'identifier' end) = ${query.processID}`,
      );
    }
    const rows = await this.ctx.db
      .select()
      .from(executions)
      .where(and(...conditions))
      .orderBy(desc(executions.createdAt), desc(executions.id))
      .limit(query.limit + 1)
      .offset(query.offset);
    const links: OgcLink[] = [{ href: pageUrl(query.offset), rel: 'self', type: 'application/json' }];
    if (rows.length > query.limit) links.push({ href: pageUrl(query.offset + query.limit), rel: 'next', type: 'application/json' });
    return { jobs: rows.slice(0, query.limit).map((row) => statusInfoOf(row, base)), links };
  }

  /** The caller's execution of `jobId`, or 404 no-such-job. */
  async load(principal: Principal, jobId: string): Promise<ExecutionRow> {
    const id = resourceId(jobId);
    const [row] = id === undefined ? [] : await this.ctx.db.select().from(executions).where(eq(executions.id, id));
    if (!row || row.ownerId !== principal.username) throw noSuchJob(jobId);
    return row;
  }

  async status(principal: Principal, jobId: string, base: string): Promise<OgcStatusInfo> {
    return statusInfoOf(await this.load(principal, jobId), base);
  }

  /** The results of a successful job; 404 result-not-ready before, the job's failure (500) after a failure. */
  async results(principal: Principal, jobId: string, base: string): Promise<OgcResults> {
    return this.resultsOf(await this.load(principal, jobId), base);
  }

  /** The results, only the outputs the execute request named when it named some. */
  async resultsOf(row: ExecutionRow, base: string): Promise<OgcResults> {
    const results = await this.allResultsOf(row, base);
    const wanted = await jobOutputsOf(this.ctx.db, row.id);
    return wanted === undefined ? results : Object.fromEntries(Object.entries(results).filter(([id]) => wanted.includes(id)));
  }

  private async allResultsOf(row: ExecutionRow, base: string): Promise<OgcResults> {
    // a dismissed job has no results (OGC API – Processes /req/dismiss): 404, as for a job never run
    if (row.status === 'stopped') throw ogcError(404, OGC_EXCEPTION.noSuchJob, `Job ${row.id} was dismissed: it has no results.`);
    if (row.status === 'failed') throw ogcError(500, 'about:blank', statusInfoOf(row, base).message);
    if (row.status !== 'success') throw ogcError(404, OGC_EXCEPTION.resultNotReady, `Job ${row.id} has not ended yet (${statusInfoOf(row, base).status}).`);
    if (row.kind === 'application' || row.processorId === null) return applicationResults(row, base);
    const [workflow] = await this.ctx.db.select().from(workflows).where(eq(workflows.id, row.processorId));
    if (!workflow) return {};
    const { graph } = await loadWorkflowVersion(this.ctx.db, workflow, row.processorVersion);
    const signature = await workflowSignature(this.ctx, graph);
    return workflowResults(row, signature.outputs, base);
  }

  /** Dismiss: a job that has not ended is stopped (dismissed); an ended one stays as it is, the record of what ran. */
  async dismiss(principal: Principal, jobId: string, base: string): Promise<OgcStatusInfo> {
    const row = await this.load(principal, jobId);
    // answered once the job is marked stopped: its processes end in the background (a client's DELETE need not wait for them)
    if (!hasEnded(row.status)) await this.engine.orchestrator.stop(row.id, principal.username, { waitForAttempts: false });
    return statusInfoOf(await this.load(principal, jobId), base);
  }
}

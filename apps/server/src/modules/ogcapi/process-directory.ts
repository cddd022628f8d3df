import type { ApplicationSummary } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { WorkflowRow } from '../knowledge/workflow-versions.js';
import { deployCollectionOf, type OgcApplications } from './ogc-applications.js';
import { executableWorkflows } from './workflow-processes.js';

export type ProcessEntry = { id: string; kind: 'workflow'; workflow: WorkflowRow } | { id: string; kind: 'application'; application: ApplicationSummary };

/** The qualifier of a workflow's id when an application of the caller's own deployments holds its identifier. */
const WORKFLOW_QUALIFIER = 'workflow';

/**
 * The processes a caller sees under /ogcapi/ and their ids (docs/ogcapi.md "Process
 * ids"): workflows by their identifier, applications by their CWL identifier. When several
 * share an identifier, the first in this order keeps it bare and the others are qualified
 * `{identifier}@{collection}` (a workflow: `{identifier}@workflow`): the applications the
 * caller deployed through the API (`{username}:ogcapi`), then the workflows, then the other
 * applications oldest first. So what a client deploys is always called by the id the deploy
 * answered, and a process does not change its id when a newer one appears. The qualified
 * form of any application is accepted too.
 */
export class ProcessDirectory {
  constructor(
    private readonly ctx: AppContext,
    private readonly applications: OgcApplications | undefined,
  ) {}

  async list(principal: Principal): Promise<ProcessEntry[]> {
    const deployed = deployCollectionOf(principal.username);
    const applications = this.applications ? await this.applications.listRunnable(principal) : [];
    // by owner too: a collection named `{username}:ogcapi` made by someone else is not the caller's deployments
    const isOwn = (application: ApplicationSummary) => application.collection === deployed && application.ownerId === principal.username;
    const own = applications.filter(isOwn);
    const others = applications
      .filter((application) => !isOwn(application))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.collection.localeCompare(b.collection));
    const taken = new Set<string>();
    const entries: ProcessEntry[] = [];
    const claim = (identifier: string, qualifier: string) => {
      const id = taken.has(identifier) ? `${identifier}@${qualifier}` : identifier;
      taken.add(identifier);
      return id;
    };
    for (const application of own) entries.push({ id: claim(application.identifier, application.collection), kind: 'application', application });
    for (const workflow of await executableWorkflows(this.ctx, principal)) {
      entries.push({ id: claim(workflow.identifier, WORKFLOW_QUALIFIER), kind: 'workflow', workflow });
    }
    for (const application of others) entries.push({ id: claim(application.identifier, application.collection), kind: 'application', application });
    return entries;
  }

  /** The process of an id as listed, or of the qualified form of an application or workflow. */
  async find(principal: Principal, id: string): Promise<ProcessEntry | undefined> {
    const entries = await this.list(principal);
    const listed = entries.find((entry) => entry.id === id);
    if (listed) return listed;
    const at = id.indexOf('@');
    if (at <= 0) return undefined;
    const identifier = id.slice(0, at);
    const qualifier = id.slice(at + 1);
    return entries.find((entry) =>
      entry.kind === 'workflow'
        ? qualifier === WORKFLOW_QUALIFIER && entry.workflow.identifier === identifier
        : entry.application.collection === qualifier && entry.application.identifier === identifier,
    );
  }
}

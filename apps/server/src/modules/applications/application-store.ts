import type { Application, ApplicationSummary, UploadStep } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';

/*
 * The ApplicationStore of the shared design (issue 15): helper apps-store implements it in
 * this file; until then only the interface lives here, and application executions are
 * written against it.
 */

export interface RunnableApplication {
  collection: string;
  identifier: string;
  ownerId: string;
  application: Application;
  cwl: string;
}

export class ApplicationRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface ApplicationStore {
  /** the application if `principal` may read (and so execute) it; undefined otherwise (404 for the caller) */
  runnable(principal: Principal | null, collection: string, identifier: string): Promise<RunnableApplication | undefined>;
  /** every application `principal` may execute, newest first */
  listRunnable(principal: Principal): Promise<ApplicationSummary[]>;
  /** validates (cwltool in the sandbox) and describes a CWL text and stores it in `collection`; throws ApplicationRefused */
  register(
    principal: Principal,
    collection: string,
    cwl: string,
    options: { replace: boolean; onStep?: (step: UploadStep) => void },
  ): Promise<ApplicationSummary>;
  remove(principal: Principal, collection: string, identifier: string): Promise<void>;
  /** the caller's own collection `{username}:{slug}`, created (private) if missing; answers its id */
  ensureOwnCollection(principal: Principal, slug: string, title: string): Promise<string>;
}

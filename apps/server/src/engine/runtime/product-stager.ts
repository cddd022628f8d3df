import { parseProductInputUrl, type StacItem } from '@asb/contracts';
import type { TaskJob } from '../executors/executor.js';

/**
 * The engine's port for EO-product inputs (docs/engine.md "Staging products"): before an
 * attempt runs, every input the job lists in `productInputs` whose value names a catalogue
 * item (a product input link of this portal, or the http(s) URL of a STAC item elsewhere) is
 * resolved to its item, and the item's assets are put into `dir`; the input's value becomes
 * the staged product (docs/process-runtime.md "Product inputs"). The catalogue module
 * implements it (the catalogue's product-staging.ts); the composition root hands it to
 * the executor.
 */
export interface ProductStager {
  /**
   * Stages the job's product inputs into `dir` (created; inside the execution's folder) and
   * answers the job's inputs with those values replaced. `log` appends one line to the
   * task's log. Throws ProductStagingError with the reason the task fails with.
   */
  stage(job: TaskJob, dir: string, log: (line: string) => void, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/**
 * A product input of this portal's catalogue as the server resolved it for the job
 * (TaskJob.products): the item as the execution's owner may read it, and where each asset's
 * file is. Whoever runs the attempt (a worker has no database) stages from this alone.
 */
export interface ResolvedProduct {
  item: StacItem;
  /** the collection of the product link */
  collectionId: string;
  /** asset key → its file in the catalogue's folder (the owner may read its collection), or an http(s) URL to download */
  assets: Record<string, ResolvedAsset>;
  /** lines for the task's log: the assets left out, and why */
  notes: string[];
}

export type ResolvedAsset = { catalogue: { collectionId: string; itemId: string; path: string } } | { url: string };

/**
 * The server's half of staging (docs/engine.md "Staging products"): the job's product inputs
 * that name an item of this portal's catalogue, read with the owner's permissions, by input
 * name. Remote STAC items are left to the stager (fetched through the outbound guard where the
 * attempt runs). The catalogue module implements it (its product-resolver.ts).
 * Throws ProductStagingError with the reason the task fails with.
 */
export interface ProductResolver {
  resolve(job: TaskJob): Promise<Record<string, ResolvedProduct>>;
}

/** A product input that cannot be staged: its message is the task's failure reason. */
export class ProductStagingError extends Error {
  override readonly name = 'ProductStagingError';
}

/** Whether a product input's value names an item: a product input link, or an http(s) URL (a STAC item elsewhere). A plain product identifier does not. */
export function namesProduct(value: unknown): value is string {
  return typeof value === 'string' && (parseProductInputUrl(value) !== undefined || /^\s*https?:\/\//i.test(value));
}

/** Whether a job has a product to stage at all (the others start without awaiting anything). */
export function hasProductInputs(job: Pick<TaskJob, 'productInputs' | 'inputs'>): boolean {
  return (job.productInputs ?? []).some((name) => namesProduct(job.inputs[name]));
}

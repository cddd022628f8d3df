import type { TaskJob } from '../../engine/executors/executor.js';
import { ProductFilesStager, type ProductFilesOptions } from '../../engine/runtime/product-files-stager.js';
import { hasProductInputs, type ProductStager } from '../../engine/runtime/product-stager.js';
import { CatalogueProductResolver, type ProductResolverOptions } from './product-resolver.js';

export type { StagedProduct } from '../../engine/runtime/product-files-stager.js';

export type ProductStagingOptions = ProductResolverOptions & ProductFilesOptions;

/**
 * Staging on this server (docs/engine.md "Staging products"): the one way every attempt's
 * products are staged, here as on a worker — resolved by the catalogue (unless the job came
 * resolved), then put in place by the engine's ProductFilesStager.
 */
export class CatalogueProductStager implements ProductStager {
  readonly resolver: CatalogueProductResolver;
  private readonly files: ProductFilesStager;

  constructor(options: ProductStagingOptions) {
    this.resolver = new CatalogueProductResolver(options);
    this.files = new ProductFilesStager(options);
  }

  async stage(job: TaskJob, dir: string, log: (line: string) => void, signal: AbortSignal): Promise<Record<string, unknown>> {
    const products = job.products ?? (hasProductInputs(job) ? await this.resolver.resolve(job) : undefined);
    return this.files.stage({ ...job, products }, dir, log, signal);
  }
}

import type { BandStatistics, ComparedExecution, ExecutionComparison } from '@asb/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import { HttpError, notFound } from '../../../platform/http/errors.js';
import type { ResourceService } from '../../../platform/resources/resource.service.js';
import { executionAttributes, type ExecutionRow } from '../executions.resource.js';
import { comparedIds } from './compared-ids.js';
import { bandSummaries, diffInputs, diffOutputs, diffTasks, rasterUrls, type RasterStatisticsByUrl } from './execution-diff.js';

/**
 * The tile service's statistics of a GeoTIFF of an execution (modules/tiles, handed over by the
 * composition root: the tile service already depends on the builder). It checks that the
 * caller may read the execution, as every tile request does.
 */
export interface RasterStatistics {
  statistics(principal: Principal, url: string): Promise<Record<string, BandStatistics>>;
}

/** Statistics read per comparison at most: each decodes up to the pixel budget, and a run may have many rasters. */
const MAX_COMPARED_RASTERS = 16;

function summary(row: ExecutionRow, a: ReturnType<typeof executionAttributes>): ComparedExecution {
  return {
    id: String(row.id),
    identifier: row.identifier,
    kind: row.kind,
    processorLabel: a.processorLabel,
    processorVersion: a.processorVersion,
    status: a.status,
    ownerId: row.ownerId,
    startTime: a.startTime,
    endTime: a.endTime,
    duration: a.duration,
  };
}

/**
 * Two executions side by side (issue 35 §3, docs/compare.md). The caller must be allowed to
 * read both; one they may not read is a 404, worded as one that does not exist, so that the
 * comparison tells nobody which ids exist.
 */
export class ExecutionComparer {
  constructor(
    private readonly executions: ResourceService<ExecutionRow>,
    private readonly rasters: RasterStatistics,
  ) {}

  async compare(principal: Principal, ids: string | string[]): Promise<ExecutionComparison> {
    const [leftId, rightId] = comparedIds(ids);
    const left = await this.readable(principal, leftId);
    const right = await this.readable(principal, rightId);
    const l = executionAttributes(left);
    const r = executionAttributes(right);
    const statistics = await this.rasterStatistics(principal, [...rasterUrls(l.executionResults, left.id), ...rasterUrls(r.executionResults, right.id)]);
    return {
      left: summary(left, l),
      right: summary(right, r),
      inputs: diffInputs(l.inputs, r.inputs),
      outputs: diffOutputs(l.executionResults, r.executionResults, statistics),
      tasks: diffTasks(l.executionResults, r.executionResults),
    };
  }

  private async readable(principal: Principal, id: string): Promise<ExecutionRow> {
    try {
      return (await this.executions.load(principal, id)).row;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) throw notFound(`No execution #${id} found.`);
      throw error;
    }
  }

  /** One at a time: each read decodes up to the pixel budget on the shared raster workers. */
  private async rasterStatistics(principal: Principal, urls: string[]): Promise<RasterStatisticsByUrl> {
    const read = new Map<string, ReturnType<typeof bandSummaries> | string>();
    for (const [index, url] of [...new Set(urls)].entries()) {
      if (index >= MAX_COMPARED_RASTERS) {
        read.set(url, `Not read: a comparison reads the statistics of ${MAX_COMPARED_RASTERS} rasters at most.`);
        continue;
      }
      try {
        read.set(url, bandSummaries(await this.rasters.statistics(principal, url)));
      } catch (error) {
        // a file the tile service refuses (not a GeoTIFF it reads, over the pixel budget, gone) is described, not fatal
        if (error instanceof HttpError && error.statusCode < 500) read.set(url, error.message);
        else throw error;
      }
    }
    return read;
  }
}

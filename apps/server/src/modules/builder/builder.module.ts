import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { AppContext } from '../../app-context.js';
import { runsEngine } from '../../config.js';
import type { RasterStatistics } from './execution-compare/execution-comparer.js';
import { estimateExecutionAnswers } from './estimates/estimate-answers.js';
import { registerExecutionRoutes } from './executions.routes.js';
import { UnsubmittedCleanup } from './unsubmitted-cleanup.js';
import { registerBuilderWorkspaceRoutes } from './workspaces.routes.js';

/** How often the cleanup looks: a tenth of the age limit, at most hourly. */
const cleanupInterval = (maxAgeMs: number) => Math.min(Math.max(Math.round(maxAgeMs / 10), 1000), 3_600_000);

/**
 * builder/v1 executions (docs/workflows.md "Builder"), their files and the report's PDF
 * (docs/execution-report.md), the comparison of two (docs/compare.md: `rasters` reads the statistics
 * of their GeoTIFF outputs), and the workspaces the caller sees; on the replicas that run
 * the engine, the cleanup of executions never submitted (docs/engine.md "Unsubmitted executions").
 */
export function registerBuilder(app: FastifyInstance, ctx: AppContext, engine: Engine, rasters: RasterStatistics): void {
  // before the routes, so that their answers pass through it
  estimateExecutionAnswers(app, ctx);
  registerExecutionRoutes(app, ctx, engine, rasters);
  registerBuilderWorkspaceRoutes(app, ctx);
  if (runsEngine(ctx.config)) {
    const cleanup = new UnsubmittedCleanup(ctx, ctx.config.unsubmittedExecutionMs);
    app.addHook('onReady', async () => cleanup.start(cleanupInterval(ctx.config.unsubmittedExecutionMs)));
    app.addHook('onClose', () => cleanup.stop());
  }
}

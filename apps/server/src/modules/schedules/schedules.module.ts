import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { runsEngine } from '../../config.js';
import { ScheduleFiring } from './schedule-firing.js';
import { Scheduler } from './scheduler.js';
import { registerScheduleRoutes } from './schedules.routes.js';

/**
 * Schedules (docs/schedules.md): the builder/v1 schedules API and trigger URL on every
 * replica; the scheduler, ticking every ASB_SCHEDULER_TICK_MS, on the replicas that run
 * the engine (ASB_ENGINE is not false), in their designated process. Any number of them may tick on one database.
 */
export function registerSchedules(app: FastifyInstance, ctx: AppContext): Scheduler {
  registerScheduleRoutes(app, ctx, new ScheduleFiring(ctx));
  const scheduler = new Scheduler(ctx);
  if (runsEngine(ctx.config)) {
    app.addHook('onReady', async () => {
      scheduler.start(ctx.config.schedulerTickMs);
    });
    app.addHook('onClose', () => scheduler.stop());
  }
  return scheduler;
}

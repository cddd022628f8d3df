import { z } from 'zod';
import { defineOperations } from './operation.js';

/**
 * A model's training run in MLflow's REST shape (`runs/get`: run.info and run.data with metrics
 * and params as key/value lists), from the portal's own run store, or from a real MLflow tracking
 * server when MLFLOW_TRACKING_URI is set (docs/models.md "Training runs").
 */
export const modelRunSchema = z
  .object({
    info: z.object({
      run_id: z.string(),
      run_name: z.string().optional(),
      experiment_id: z.string(),
      status: z.string().optional(),
      start_time: z.number().optional(),
      end_time: z.number().optional(),
      artifact_uri: z.string().optional(),
      lifecycle_stage: z.string().optional(),
      user_id: z.string().optional(),
    }),
    data: z.object({
      metrics: z.array(z.object({ key: z.string(), value: z.number(), timestamp: z.number().optional(), step: z.number().optional() })).default([]),
      params: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
      tags: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
    }),
  })
  .meta({ id: 'ModelRun' });
export type ModelRun = z.infer<typeof modelRunSchema>;

/** Where a model item names its training run: `properties["asb:run"]`. */
export const modelRunReferenceSchema = z.object({ workspace: z.string().min(1), experiment_id: z.string().min(1), run_id: z.string().min(1) });
export type ModelRunReference = z.infer<typeof modelRunReferenceSchema>;
export const MODEL_RUN_PROPERTY = 'asb:run';

/** The models' calls (spec 3 §7 "Catalogue items and model services"). */
export const modelOperations = defineOperations({
  'GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}': {
    summary: "A model's training run: its parameters and metrics (MLflow's run shape)",
    params: z.object({ ws: z.string().max(200), exp: z.string().max(200), run: z.string().max(200) }),
    response: z.object({ run: modelRunSchema }),
  },
});

import { expect } from 'vitest';
import { engineSeeds } from './engine.js';
import { knowledgeApi } from './knowledge-api.js';
import type { TestApp } from './test-app.js';
import { SCALE_SIGNATURE, SCALE_WRAPPER } from './wrappers.js';

/**
 * The admin's private resources on a fresh app, each number 1 of its kind: a workspace,
 * a released process (scale:1), its bucket, a one-node workflow and an execution of it
 * (submitted). Tests that walk every route use them as the ids that exist.
 */
export async function seedFirstResources(app: TestApp, names: { workspace: string; workflow: string }): Promise<{ workflow: string; execution: string }> {
  const knowledge = knowledgeApi(app);
  await knowledge.workspace(names.workspace);
  const seeds = engineSeeds(app);
  await seeds.runnable('scale', SCALE_WRAPPER, SCALE_SIGNATURE);
  expect((await knowledge.createBucket('1')).statusCode).toBe(201);
  const workflow = await seeds.workflow(names.workflow, [seeds.graph([{ id: 'a', version: 'scale:1' }], [])]);
  const execution = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'value', value: '2' }] }]);
  return { workflow, execution };
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { ExecutionsRepository } from '../builder/executions.repository.js';
import { schedules } from './schedules.schema.js';
import { executionBinding, isSealed, scheduleBinding } from '../keystore/keystore.service.js';

/**
 * Before sealed inputs (docs/security.md "Password inputs"), executions and schedules kept
 * a password as the browser's RSA ciphertext, which their viewers could read and submit
 * again. At start, every such value still stored is sealed for its execution or schedule
 * (idempotent: a sealed value is left alone), so that it stops being reusable elsewhere and
 * a pending execution still gets its password. Answers how many rows changed.
 */
export async function sealLegacyInputs(ctx: AppContext): Promise<number> {
  const { db, keystore } = ctx;
  let changed = 0;
  const legacy = async (value: unknown): Promise<string | undefined> => (typeof value === 'string' && !isSealed(value) ? keystore.decrypt(value) : undefined);

  const runs = new ExecutionsRepository(db);
  const encryptedRuns = await runs.withEncryptedInputs();
  for (const run of encryptedRuns) {
    let touched = false;
    const inputs = [];
    for (const group of run.inputs) {
      const items = [];
      for (const item of group.items) {
        const clear = item.encrypted ? await legacy(item.value) : undefined;
        if (clear === undefined) items.push(item);
        else {
          items.push({ ...item, value: await keystore.seal(clear, executionBinding(run.identifier)) });
          touched = true;
        }
      }
      inputs.push({ ...group, items });
    }
    if (!touched) continue;
    await runs.setInputs(run.id, inputs);
    changed++;
  }

  for (const schedule of await db.select({ id: schedules.id, identifier: schedules.identifier, inputs: schedules.inputs }).from(schedules)) {
    let touched = false;
    const tasks = [];
    for (const task of schedule.inputs.tasks) {
      const values: Record<string, string | null> = {};
      for (const [name, value] of Object.entries(task.inputs)) {
        const clear = await legacy(value);
        values[name] = clear === undefined ? value : await keystore.seal(clear, scheduleBinding(schedule.identifier));
        touched ||= clear !== undefined;
      }
      tasks.push({ ...task, inputs: values });
    }
    if (!touched) continue;
    await db
      .update(schedules)
      .set({ inputs: { ...schedule.inputs, tasks } })
      .where(eq(schedules.id, schedule.id));
    changed++;
  }
  return changed;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { workflows } from './workflows.schema.js';

export async function findWorkflow(db: Db, id: number): Promise<typeof workflows.$inferSelect | undefined> {
  const [row] = await db.select().from(workflows).where(eq(workflows.id, id));
  return row;
}

/** Publishes a workflow to the Marketplace with its publication's attributes (held as JSON in its description). */
export async function publishWorkflow(db: Db, id: number, description: string): Promise<void> {
  const now = new Date();
  await db.update(workflows).set({ isPublished: true, publishedAt: now, description, updatedAt: now }).where(eq(workflows.id, id));
}

export async function unpublishWorkflow(db: Db, id: number): Promise<void> {
  await db.update(workflows).set({ isPublished: false, publishedAt: null, updatedAt: new Date() }).where(eq(workflows.id, id));
}

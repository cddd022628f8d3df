import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { adminAudit } from './admin-audit.schema.js';

type AuditRow = typeof adminAudit.$inferSelect;

/** One page of the audit log, newest first, of one service or all; with how many entries there are. */
export async function auditPage(db: Db, page: { number: number; size: number; service?: string }): Promise<{ rows: AuditRow[]; total: number }> {
  const where = page.service ? eq(adminAudit.service, page.service) : undefined;
  const [total] = await db.select({ value: count() }).from(adminAudit).where(where);
  const rows = await db
    .select()
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return { rows, total: Number(total?.value ?? 0) };
}

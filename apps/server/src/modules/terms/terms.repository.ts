import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { termsAcceptances } from './terms.schema.js';

/** Spec 3 §3 Terms and conditions acceptance, as the terms routes answer it. */
export interface TermsList {
  data: { terms_and_conditions_id: string; accepted_at: string }[];
}

/** The licence URLs a user accepted (may hold '*'). */
export async function acceptedTerms(db: Db, userId: number): Promise<string[]> {
  return (await termsOf(db, userId)).data.map((entry) => entry.terms_and_conditions_id);
}

export async function termsOf(db: Db, userId: number): Promise<TermsList> {
  const rows = await db
    .select({ termsId: termsAcceptances.termsId, acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.userId, userId))
    .orderBy(asc(termsAcceptances.acceptedAt), asc(termsAcceptances.termsId));
  return { data: rows.map((row) => ({ terms_and_conditions_id: row.termsId, accepted_at: row.acceptedAt.toISOString() })) };
}

/** Accepting twice keeps the first acceptance's time. */
export async function acceptTerms(db: Db, userId: number, termsId: string): Promise<TermsList> {
  await db.insert(termsAcceptances).values({ userId, termsId }).onConflictDoNothing();
  return termsOf(db, userId);
}

/** Revoking what was not accepted changes nothing. */
export async function revokeTerms(db: Db, userId: number, termsId: string): Promise<TermsList> {
  await db.delete(termsAcceptances).where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.termsId, termsId)));
  return termsOf(db, userId);
}

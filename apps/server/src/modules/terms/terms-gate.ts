import { termsAccepted } from '@asb/contracts';
import type { Db } from '../../platform/db/client.js';
import { detailError } from '../../platform/http/errors.js';
import { acceptedTerms } from './terms.repository.js';

/**
 * Refuses with 403 what a user may do only once they accepted its licence (spec 3 §4, §5: an
 * application's or a model's execution, a dataset order, a model service), naming the call
 * that accepts it. A thing without a licence URL needs nothing. `doing` completes 'before …'.
 */
export async function requireTermsAccepted(db: Db, userId: number, licence: string | null | undefined, doing: string): Promise<void> {
  if (termsAccepted(licence, await acceptedTerms(db, userId))) return;
  throw detailError(403, `Accept the terms and conditions of ${licence} before ${doing} (POST /usermgr/v1/terms-and-conditions/accept/).`);
}

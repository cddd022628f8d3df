import { z } from 'zod';

/** The longest id of a collection or item. */
export const STAC_ID_MAX_LENGTH = 256;

/**
 * The one rule for the ids of collections and items, on both sides (issue 30 §6): ids are
 * path segments of every link the portal writes, so `.`, `..`, `a/b` or a 3 000-character id
 * broke them. Letters, digits and `- _ . :`, not only dots, at most 256 characters; `@` and
 * `+` too, since usernames may hold them and a user's collections are `{username}:{slug}`.
 */
export const STAC_ID_PATTERN = /^(?!\.+$)[\p{L}\p{N}_.:@+-]+$/u;

/** The rule in words, for messages. */
export const STAC_ID_RULE = `letters, digits and - _ . : @ + only, not only dots, at most ${STAC_ID_MAX_LENGTH} characters`;

export function isStacId(id: string): boolean {
  return id.length <= STAC_ID_MAX_LENGTH && STAC_ID_PATTERN.test(id);
}

/** Why `id` is no STAC id, or undefined. */
export function stacIdProblem(id: string): string | undefined {
  return isStacId(id) ? undefined : `"${id.length > 60 ? `${id.slice(0, 60)}…` : id}" is not an id: use ${STAC_ID_RULE}.`;
}

/** A collection or item id as clients write it. */
export const stacIdSchema = z
  .string()
  .max(STAC_ID_MAX_LENGTH, { message: `Use ${STAC_ID_RULE}.` })
  .regex(STAC_ID_PATTERN, { message: `Use ${STAC_ID_RULE}.` });

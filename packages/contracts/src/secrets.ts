import { z } from 'zod';

/** Spec 3 §9: the secrets list's page size. */
export const SECRETS_PAGE_SIZE = 20;
/** A tag names a secret where a workflow refers to it: letters, digits, '.', '_' and '-'. */
export const SECRET_TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const SECRET_TAG_HINT = "Use 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit.";
export const MAX_SECRET_BYTES = 64 * 1024;

/** Spec 3 §3 "Secret": what is answered of a secret — its tag (the identifier), never its value. */
export const secretAttributesSchema = z.object({ tag: z.string() });

/** POST secrets (spec 3 §7): tag and value; the value is stored encrypted and never answered. */
export const createSecretSchema = z.object({
  tag: z.string().trim().regex(SECRET_TAG_PATTERN, SECRET_TAG_HINT),
  value: z.string().min(1, 'Enter the value to keep secret.').max(MAX_SECRET_BYTES, 'A secret holds at most 64 KB.'),
});

/**
 * A password input may take a stored secret instead of a typed value (docs/security.md
 * "Secrets in executions"): its value is then this reference, `{{secret:tag}}`, which the
 * engine resolves to the owner's secret only when the task that uses it starts.
 */
export const secretReference = (tag: string) => `{{secret:${tag}}}`;

const SECRET_REFERENCE = /^\{\{secret:([^{}]+)\}\}$/;

/** The tag a value refers to (secretReference), or undefined for any other value. */
export function secretTagOf(value: string | null | undefined): string | undefined {
  const match = SECRET_REFERENCE.exec(value?.trim() ?? '');
  return match && SECRET_TAG_PATTERN.test(match[1]!) ? match[1] : undefined;
}

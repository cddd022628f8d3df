import crypto from 'node:crypto';

/** The header a replica sends the node's gateway (never the user's own credentials). */
export const SERVICE_TOKEN_HEADER = 'x-asb-service-token';

/**
 * The token of one claim of a service (docs/models.md "Across replicas"): every replica derives
 * it from the portal's signing secret, which they share, so no row stores it and a new claim
 * (a restart elsewhere) makes the old one worthless.
 */
export function serviceToken(secret: string, id: number, generation: number): string {
  return crypto.createHmac('sha256', secret).update(`asb model service ${id} ${generation}`).digest('base64url');
}

export function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

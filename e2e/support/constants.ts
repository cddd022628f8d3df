/** Ports and data of one e2e run; env overrides let several runs share a machine. */
export const E2E_PORT = Number(process.env.ASB_E2E_PORT ?? 8181);
export const OIDC_PORT = Number(process.env.ASB_E2E_OIDC_PORT ?? 8182);
/** the second portal, with the eopen theme (next to the two ports above, so that parallel runs stay apart) */
export const EOPEN_PORT = Number(process.env.ASB_E2E_EOPEN_PORT ?? E2E_PORT + 2);
export const EOPEN_URL = `http://127.0.0.1:${EOPEN_PORT}`;
/**
 * How long a portal may take to answer after its start: it listens once the demo is seeded, the
 * demo model trained included (docs/seed-data.md), 100–150 s on a 2-core machine at load 20+.
 */
export const PORTAL_START_LIMIT_MS = 300_000;
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
/** password given to every user a test creates */
export const PASSWORD = 'e2e-user-password';

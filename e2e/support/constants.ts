/** Ports and data of one e2e run; env overrides let several runs share a machine. */
export const E2E_PORT = Number(process.env.ASB_E2E_PORT ?? 8181);
export const OIDC_PORT = Number(process.env.ASB_E2E_OIDC_PORT ?? 8182);
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
/** password given to every user a test creates */
export const PASSWORD = 'e2e-user-password';

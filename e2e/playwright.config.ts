import { defineConfig } from '@playwright/test';
import { ALL_THEME_FEATURES } from '@asb/contracts';
import { ADMIN, E2E_PORT, EOPEN_PORT, OIDC_PORT, PORTAL_START_LIMIT_MS } from './support/constants';

const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The built portal on `port`, on a fresh data directory of its own, with the e2e admin and `env`.
 * Playwright awaits the URL of each webServer before it starts the next; `awaited: false` leaves
 * that out, for a portal awaited later (eopen-portal-ready.ts).
 */
function portal(port: number, env: Record<string, string>, { awaited = true } = {}) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: `rm -rf .tmp/e2e-data-${port} && node ${process.env.ASB_E2E_SERVER ?? 'apps/server/dist/main.js'}`,
    cwd: '..',
    ...(awaited ? { url: `${url}/knowledge/api/details` } : {}),
    reuseExistingServer: false,
    timeout: PORTAL_START_LIMIT_MS,
    stdout: 'ignore' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ASB_DATA_DIR: `.tmp/e2e-data-${port}`,
      // the secrets' key beside the test's data directory, not in the machine's ~/.config
      ASB_SECRETS_KEY_FILE: `.tmp/e2e-secrets-${port}.key`,
      ...(process.env.ASB_WEB_DIST ? { ASB_WEB_DIST: process.env.ASB_WEB_DIST } : {}),
      ASB_ADMIN_USERNAME: ADMIN.username,
      ASB_ADMIN_PASSWORD: ADMIN.password,
      ASB_PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // an answer that breaks the contract fails the page under test (docs/architecture.md)
      ASB_CONTRACT_CHECK: 'strict',
      ...env,
    },
  };
}

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the
 * built portal, started here on a fresh data directory, with a real OpenID
 * Connect provider (oidc-provider) on loopback.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/eopen-portal-ready.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.ASB_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/support/oidc-provider.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { OIDC_PORT: String(OIDC_PORT), ASB_URL: baseURL },
    },
    // a second portal with the eopen theme, for what only that theme offers (spec 1 §4 schedule strategies),
    // named as its theme, as an instance usually is (the header says the name once: settings.spec.ts),
    // and with the terms feature (spec 3 §5: execution waits for the licence's terms): application-execution.spec.ts
    // Started beside the main portal, not after it: each spends most of its start seeding the demo
    // (training its model), which two cores do side by side; eopen-portal-ready.ts awaits it.
    portal(
      EOPEN_PORT,
      { ASB_INSTANCE_NAME: 'EOPEN', ASB_THEME: 'eopen', ASB_THEME_FEATURES: [...ALL_THEME_FEATURES, 'eoepca-tcs'].join(',') },
      { awaited: false },
    ),
    portal(E2E_PORT, {
      ASB_INSTANCE_NAME: 'ASB e2e',
      ASB_OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
      ASB_OIDC_CLIENT_ID: 'asb-portal',
      ASB_OIDC_CLIENT_SECRET: 'asb-portal-secret',
      ASB_OIDC_PROVIDER_NAME: 'Test Identity Provider',
      ASB_OIDC_ALLOW_INSECURE: 'true',
      // the ADES registry reads the portal's own /ogcapi/ (admin-ades.spec.ts): loopback allowed to the outbound guard
      ASB_OUTBOUND_ALLOW: '127.0.0.1/32',
      // two of the navbar's links out configured, the others left unset (hidden): navbar.spec.ts
      ASB_NOTEBOOK_URL: `${baseURL}/docs/execute`,
      ASB_VIDEO_GUIDES_URL: `${baseURL}/docs/`,
      // a page of another origin (the identity provider's, a loopback origin without a CSP of its own) reads this portal's public catalogue: catalogue-cors.spec.ts
      ASB_CORS_ORIGINS: `http://127.0.0.1:${OIDC_PORT}`,
    }),
  ],
});

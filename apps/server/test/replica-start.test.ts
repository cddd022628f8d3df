import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Replicas started together on a fresh database (bench/soak, a Compose `up`): each ensures the
 * configured superuser at its start. Before, the second to create it failed its start with
 * 'A user with that username already exists.' (seen in the soak test).
 */
describe('replicas starting at once', () => {
  let app: TestApp;
  const replicas: TestApp[] = [];

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await app?.close();
  });

  it('both start, ensuring one new superuser who signs in with the configured password', async () => {
    // a superuser neither finds: both create it at the same moment
    const config = { adminUsername: 'boss', adminPassword: 'boss-password-1' };
    const started = await Promise.allSettled([app.replica(config), app.replica(config)]);
    for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);
    const signedIn = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username: 'boss', password: 'boss-password-1' } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

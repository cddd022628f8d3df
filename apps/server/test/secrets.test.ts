import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets } from '../src/db-schema.js';
import { SecretBox, secretBinding } from '../src/modules/secrets/secret-box.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const BASE = '/knowledge/v1/secrets';
const VALUE = 'hunter2-the-s3cr3t-value';

/**
 * Secrets (spec 3 §2 "Secrets", §5, §7; docs/security.md "Secrets"): stored by tag, the value
 * sealed with a key kept outside the database and never answered by any call; 400s under their
 * field; a user's own only.
 */
describe('secrets', () => {
  let app: TestApp;
  let keyDir = '';
  let keyFile = '';
  let vera: { authorization: string };
  let walt: { authorization: string };
  const post = (attributes: Record<string, unknown>, headers: Record<string, string> = vera) =>
    app.server.inject({ method: 'POST', url: BASE, headers, payload: { data: { type: 'secrets', attributes } } });
  const get = (url: string, headers: Record<string, string> = vera) => app.server.inject({ url, headers });

  beforeAll(async () => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-secrets-key-'));
    keyFile = path.join(keyDir, 'config', 'secrets.key');
    app = await createTestApp({ secretsKeyFile: keyFile });
    vera = await app.userWithHeader('vera');
    walt = await app.userWithHeader('walt', { is_staff: true });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('stores a secret by its tag and never answers its value; the database holds only a ciphertext that opens with the key file', async () => {
    const created = await post({ tag: 'copernicus-password', value: VALUE });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: { attributes: Record<string, unknown> } }>().data.attributes).toMatchObject({
      tag: 'copernicus-password',
      identifier: 'copernicus-password',
    });
    const answers = [created.body, (await get(BASE)).body, (await get(`${BASE}/${created.json<{ data: { id: string } }>().data.id}`)).body];
    for (const body of answers) {
      expect(body).not.toContain(VALUE);
      expect(body).not.toContain('cipher');
    }
    // at rest: a ciphertext, not the value (nor its base64)
    const [row] = await app.ctx.db.select().from(secrets);
    expect(row!.cipher).not.toContain(VALUE);
    expect(row!.cipher).not.toContain(Buffer.from(VALUE).toString('base64').slice(0, 16));
    expect(row!.keyId).toBe('file');
    // the key is a file of its own, outside the data directory, readable by the server's user only
    expect((fs.statSync(keyFile).mode & 0o777).toString(8)).toBe('600');
    const box = new SecretBox({ secretKey: undefined, secretsKeyFile: keyFile, dataDir: app.ctx.config.dataDir });
    expect(box.open(row!.cipher, secretBinding('vera', 'copernicus-password'))).toBe(VALUE);
    // moved to another owner or tag, it does not open; nor with another key
    expect(box.open(row!.cipher, secretBinding('walt', 'copernicus-password'))).toBeUndefined();
    const otherKey = new SecretBox({ secretKey: 'another key', secretsKeyFile: keyFile, dataDir: app.ctx.config.dataDir });
    expect(otherKey.open(row!.cipher, secretBinding('vera', 'copernicus-password'))).toBeUndefined();
  });

  it('answers a 400 under the tag or the value field, and a duplicate tag under the tag', async () => {
    const pointerOf = async (attributes: Record<string, unknown>) => {
      const refused = await post(attributes);
      expect(refused.statusCode).toBe(400);
      return refused.json<{ errors: { source?: { pointer?: string }; detail: string }[] }>().errors.map((error) => [error.source?.pointer, error.detail]);
    };
    expect(await pointerOf({ tag: 'bad tag!', value: 'x' })).toEqual([
      ['/data/attributes/tag', "Use 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit."],
    ]);
    expect(await pointerOf({ tag: 'empty', value: '' })).toEqual([['/data/attributes/value', 'Enter the value to keep secret.']]);
    expect(await pointerOf({ tag: 'copernicus-password', value: 'again' })).toEqual([['/data/attributes/tag', 'You already have a secret with this tag.']]);
  });

  it("is its owner's only: others (staff too) neither list nor read it; it is searched by tag, not changed, and deleted by its owner", async () => {
    await post({ tag: 'github-token', value: 'ghp_x' });
    const tags = async (headers: Record<string, string>, query = '') =>
      (await get(`${BASE}?page[size]=20${query}`, headers)).json<{ data: { attributes: { tag: string } }[] }>().data.map((row) => row.attributes.tag);
    expect(await tags(vera)).toEqual(['copernicus-password', 'github-token']);
    expect(await tags(vera, '&filter[search]=github')).toEqual(['github-token']);
    expect(await tags(walt)).toEqual([]);
    const [row] = await app.ctx.db.select().from(secrets);
    expect([403, 404]).toContain((await get(`${BASE}/${row!.id}`, walt)).statusCode);
    const patched = await app.server.inject({
      method: 'PATCH',
      url: `${BASE}/${row!.id}`,
      headers: vera,
      payload: { data: { type: 'secrets', id: String(row!.id), attributes: {} } },
    });
    expect(patched.statusCode).toBe(405);
    expect((await app.server.inject({ method: 'DELETE', url: `${BASE}/${row!.id}`, headers: walt })).statusCode).not.toBe(204);
    expect((await app.server.inject({ method: 'DELETE', url: `${BASE}/${row!.id}`, headers: vera })).statusCode).toBe(204);
    expect(await tags(vera)).toEqual(['github-token']);
    expect((await get(BASE, {})).statusCode).toBe(401);
  });
});

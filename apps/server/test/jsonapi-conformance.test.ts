import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeApi } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Issue 11 §3: JSON:API as its specification says, and ids as this server writes them. */
describe('JSON:API conformance', () => {
  let app: TestApp;
  let first: string;
  let second: string;

  beforeAll(async () => {
    app = await createTestApp();
    const knowledge = knowledgeApi(app);
    first = await knowledge.processId({ label: 'First' });
    second = await knowledge.processId({ label: 'Second' });
  });
  afterAll(async () => {
    await app.close();
  });

  const labelOf = async (id: string) =>
    (await app.server.inject({ method: 'GET', url: `/knowledge/v1/processes/${id}`, headers: app.adminHeader })).json<{
      data: { attributes: { label: string } };
    }>().data.attributes.label;

  it('accepts application/vnd.api+json', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/knowledge/v1/processes',
      headers: { ...app.adminHeader, 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify({ data: { type: 'processes', attributes: { label: 'From a JSON:API client' } } }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: { attributes: { label: string } } }>().data.attributes.label).toBe('From a JSON:API client');
  });

  it('refuses a document whose type or id is not the URL’s, and changes nothing', async () => {
    const url = `/knowledge/v1/processes/${first}`;
    const otherType = await app.server.inject({
      method: 'PATCH',
      url,
      headers: app.adminHeader,
      payload: { data: { type: 'workflows', id: first, attributes: { label: 'Changed' } } },
    });
    expect(otherType.statusCode).toBe(409);
    expect(otherType.json<{ detail: string }>().detail).toBe("This is the processes endpoint: data.type must be 'processes', not 'workflows'.");
    const otherId = await app.server.inject({
      method: 'PATCH',
      url,
      headers: app.adminHeader,
      payload: { data: { type: 'processes', id: second, attributes: { label: 'Changed' } } },
    });
    expect(otherId.statusCode).toBe(409);
    expect(otherId.json<{ detail: string }>().detail).toBe(`data.id '${second}' is not the id of the URL ('${first}').`);
    expect(await labelOf(first)).toBe('First');
    expect(await labelOf(second)).toBe('Second');
    const created = await app.server.inject({
      method: 'POST',
      url: '/knowledge/v1/processes',
      headers: app.adminHeader,
      payload: { data: { type: 'workflows', attributes: { label: 'Wrong type' } } },
    });
    expect(created.statusCode).toBe(409);
  });

  it('finds resources by their canonical ids only, and answers 404 to ids no column holds', async () => {
    for (const id of [`0x${Number(first).toString(16)}`, `${first}.0`, `${first}e0`, `0${first}`, ' 1', '2147483648', '99999999999999999999', '-1', '1e308']) {
      const response = await app.server.inject({ method: 'GET', url: `/knowledge/v1/processes/${encodeURIComponent(id)}`, headers: app.adminHeader });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
    }
    for (const url of [
      '/knowledge/v1/workflows/2147483648/versions',
      '/builder/v1/executions/2147483648',
      '/builder/v1/executions/2147483648/files/a/b.txt',
      '/procimp/process/buckets/2147483648/files',
    ]) {
      const response = await app.server.inject({ method: 'GET', url, headers: app.adminHeader });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    }
  });

  it('refuses what no column or file system holds with a 400 that says why', async () => {
    const refusals: [string, Promise<{ statusCode: number; body: string }>, RegExp][] = [
      [
        'NUL in a username',
        app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username: 'ad\u0000min', password: 'x' } }),
        /NUL characters.*body\/username/,
      ],
      [
        'NUL in a search',
        app.server.inject({ method: 'GET', url: '/usermgr/v1/users/?filter[search]=a%00b', headers: app.adminHeader }),
        /NUL characters.*query\/filter\[search\]/,
      ],
      [
        'NUL in a label',
        app.server.inject({
          method: 'POST',
          url: '/knowledge/v1/processes',
          headers: app.adminHeader,
          payload: { data: { type: 'processes', attributes: { label: 'a\u0000b' } } },
        }),
        /NUL characters/,
      ],
      [
        'page[number]=1e308',
        app.server.inject({ method: 'GET', url: '/knowledge/v1/processes?page[number]=1e308', headers: app.adminHeader }),
        /page\[number\] must be a whole number/,
      ],
      [
        'page[size]=2.5',
        app.server.inject({ method: 'GET', url: '/knowledge/v1/processes?page[size]=2.5', headers: app.adminHeader }),
        /page\[size\] must be a whole number/,
      ],
      [
        'sort=__proto__',
        app.server.inject({ method: 'GET', url: '/knowledge/v1/processes?sort=__proto__', headers: app.adminHeader }),
        /Cannot sort by '__proto__'/,
      ],
      [
        'filter[__proto__]',
        app.server.inject({ method: 'GET', url: '/knowledge/v1/processes?filter[__proto__]=1', headers: app.adminHeader }),
        /Unknown filter '__proto__'/,
      ],
    ];
    for (const [name, pending, message] of refusals) {
      const response = await pending;
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.body, name).toMatch(message);
    }
  });

  it('refuses an upload whose file name is longer than a file system holds', async () => {
    const bucket = (await knowledgeApi(app).createBucket(first)).json<{ data: { id: string } }>().data.id;
    const form = new FormData();
    form.append('files', new Blob(['x']), `${'a'.repeat(300)}.py`);
    const request = new Request('http://local/', { method: 'POST', body: form });
    const response = await app.server.inject({
      method: 'POST',
      url: `/procimp/process/buckets/${bucket}/files`,
      headers: { ...app.adminHeader, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/a name is longer than 255 bytes/);
  });
  it('answers a 400 in words that name the field, with a pointer and a top-level detail', async () => {
    const empty = await app.server.inject({
      method: 'POST',
      url: '/knowledge/v1/processes',
      headers: app.adminHeader,
      payload: { data: { type: 'processes', attributes: { label: '' } } },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: 'Label must not be empty.',
      errors: [{ status: '400', title: 'Invalid attribute', detail: 'Label must not be empty.', source: { pointer: '/data/attributes/label' } }],
    });

    // the request schema's own check (a usermgr body): DRF field lists, JSON:API pointers and detail
    const token = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username: 'someone' } });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({
      detail: 'Password is required.',
      password: ['Password is required.'],
      errors: [{ status: '400', detail: 'Password is required.', source: { pointer: '/password' } }],
    });

    // a query parameter is named as the JSON:API source.parameter
    const stream = await app.server.inject({ method: 'GET', url: '/procimp/events/process-buckets/status?stream=abc', headers: app.adminHeader });
    expect(stream.statusCode).toBe(400);
    expect(stream.json()).toMatchObject({ detail: 'Stream must be a number.', errors: [{ source: { parameter: 'stream' } }] });
  });
});

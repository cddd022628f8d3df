import { describe, expect, it } from 'vitest';
import { operationIdOf, splitKey } from './operation.js';

describe('operationIdOf', () => {
  it('names an operation by its method and the words of its path', () => {
    expect(operationIdOf('GET /usermgr/v1/users/{username}/')).toBe('getUsermgrV1UsersUsername');
    expect(operationIdOf('POST /procimp/process/buckets/{bucketId}/dry-run-import')).toBe('postProcimpProcessBucketsBucketIdDryRunImport');
    expect(operationIdOf('GET /cog/tilejson.json')).toBe('getCogTilejsonJson');
  });

  it('tells the methods of one path apart', () => {
    expect(operationIdOf('GET /procimp/process/buckets/{bucketId}/import')).not.toBe(operationIdOf('POST /procimp/process/buckets/{bucketId}/import'));
  });
});

describe('splitKey', () => {
  it("turns the key's path into Fastify's syntax", () => {
    expect(splitKey('GET /cog/tiles/WebMercatorQuad/{z}/{x}/{y}')).toEqual({
      method: 'GET',
      path: '/cog/tiles/WebMercatorQuad/{z}/{x}/{y}',
      routerPath: '/cog/tiles/WebMercatorQuad/:z/:x/:y',
    });
  });
});

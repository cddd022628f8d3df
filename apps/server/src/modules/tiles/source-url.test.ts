import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { parseSourceUrl } from './source-url.js';

const BASES = ['http://localhost:8080', 'https://eo.example.org/platform'];

describe('parseSourceUrl', () => {
  it.each([
    ['/builder/v1/executions/12/files/ndvi/ndvi.tif', { executionId: '12', relative: 'ndvi/ndvi.tif' }],
    ['/builder/v1/executions/12/files/split%5B0%5D/my%20file.tif', { executionId: '12', relative: 'split[0]/my file.tif' }],
    ['/builder/v1/executions/12/files/a/b.tif?token=x', { executionId: '12', relative: 'a/b.tif' }],
    ['http://localhost:8080/builder/v1/executions/3/files/a/b.tif', { executionId: '3', relative: 'a/b.tif' }],
    ['HTTP://LOCALHOST:8080/builder/v1/executions/3/files/a/b.tif', { executionId: '3', relative: 'a/b.tif' }],
    ['https://eo.example.org/platform/builder/v1/executions/3/files/a/b.tif', { executionId: '3', relative: 'a/b.tif' }],
    ['https://eo.example.org:443/platform/builder/v1/executions/3/files/a/b.tif', { executionId: '3', relative: 'a/b.tif' }],
  ])('reads %j', (url, expected) => {
    expect(parseSourceUrl(url, BASES)).toEqual(expected);
  });

  it.each([
    '',
    'http://example.org/x.tif',
    'http://localhost:9999/builder/v1/executions/3/files/a/b.tif',
    'https://localhost:8080/builder/v1/executions/3/files/a/b.tif',
    'https://eo.example.org/builder/v1/executions/3/files/a/b.tif',
    'https://eo.example.org/platformx/builder/v1/executions/3/files/a/b.tif',
    '//localhost:8080/builder/v1/executions/3/files/a/b.tif',
    'http://user:pw@localhost:8080/builder/v1/executions/3/files/a/b.tif',
    '/etc/passwd',
    'etc/passwd',
    'file:///etc/passwd',
    's3://bucket/key.tif',
    '/vsis3/bucket/key.tif',
    '/builder/v1/executions/3/files/',
    '/builder/v1/executions/x/files/a.tif',
    '/builder/v1/executions/3/tasks/a/log',
    '/builder/v1/executions/3/files/../../4/files/a.tif',
    '/builder/v1/executions/3/files/a/%2E%2E/b.tif',
    '/builder/v1/executions/3/files/a/%2e%2e%2fb.tif',
    '/builder/v1/executions/3/files/a/./b.tif',
    '/builder/v1/executions/3/files/a//b.tif',
    '/builder/v1/executions/3/files/a\\..\\b.tif',
    '/builder/v1/executions/3/files/a%5C..%5Cb.tif',
    '/builder/v1/executions/3/files/a%00.tif',
    '/builder/v1/executions/3/files/a%zz.tif',
    'http://localhost:8080/builder/v1/executions/3/files/a/../../../../etc/passwd',
  ])('refuses %j with 400', (url) => {
    expect(() => parseSourceUrl(url, BASES)).toThrow(HttpError);
    try {
      parseSourceUrl(url, BASES);
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toMatch(/^url: /);
    }
  });
});

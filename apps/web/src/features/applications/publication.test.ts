import { describe, expect, it } from 'vitest';
import { licenceHref } from '@asb/contracts';
import { canUpload } from './publication';

const alice = { username: 'alice', is_superuser: false };

describe('canUpload (spec 3 §6)', () => {
  it('the owner, except into a :published collection; a superuser anywhere; nobody signed out', () => {
    expect(canUpload(alice, { identifier: 'alice:apps', ownerId: 'alice' })).toBe(true);
    expect(canUpload(alice, { identifier: 'alice:published', ownerId: 'alice' })).toBe(false);
    expect(canUpload(alice, { identifier: 'bob:apps', ownerId: 'bob' })).toBe(false);
    expect(canUpload({ username: 'root', is_superuser: true }, { identifier: 'alice:published', ownerId: 'alice' })).toBe(true);
    expect(canUpload(null, { identifier: 'alice:apps', ownerId: 'alice' })).toBe(false);
  });
});

describe('licenceHref (spec 3 §9)', () => {
  it('an SPDX identifier links to its SPDX page, a URL to itself', () => {
    expect(licenceHref('CC-BY-4.0')).toBe('https://spdx.org/licenses/CC-BY-4.0.html');
    expect(licenceHref('https://example.org/terms')).toBe('https://example.org/terms');
    expect(licenceHref('')).toBeUndefined();
    expect(licenceHref('javascript:alert(1)')).toBeUndefined();
  });
});

import { DEFAULT_DATA_TYPE_INDEX, INSTALL_TOKEN_PATTERN } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { SEED_DATA_TYPES } from './seed-data-types.js';
import { SEED_SOFTWARE_DEPENDENCIES } from './seed-software-dependencies.js';

/** The seed lists are a contract with the web client and the Dockerfile generator (docs/seed-data.md). */
describe('seed data', () => {
  it('has string at the wrapper generator default index, and unique identifiers', () => {
    expect(SEED_DATA_TYPES.length).toBeGreaterThan(DEFAULT_DATA_TYPE_INDEX);
    expect(SEED_DATA_TYPES[DEFAULT_DATA_TYPE_INDEX]!.identifier).toBe('string');
    expect(new Set(SEED_DATA_TYPES.map((t) => t.identifier)).size).toBe(SEED_DATA_TYPES.length);
  });

  it('lists each requirement before the dependency that requires it, with safe install tokens', () => {
    const seen = new Set<string>();
    for (const dependency of SEED_SOFTWARE_DEPENDENCIES) {
      for (const requirement of dependency.requirements) expect(seen, `${dependency.identifier} requires ${requirement}`).toContain(requirement);
      for (const token of dependency.install.split(/\s+/).filter(Boolean)) expect(token).toMatch(INSTALL_TOKEN_PATTERN);
      expect(seen).not.toContain(dependency.identifier);
      seen.add(dependency.identifier);
    }
  });
});

import { describe, expectTypeOf, it } from 'vitest';
import type { Principal } from '../auth/principal.js';
import type { needs, onResource, PUBLIC, PrincipalOf, RouteAccess, SIGNED_IN, STAFF } from './access.js';

// the handler of a route declared for users is given a principal that is never null (mount() in operations.ts)
describe('the principal a declared access hands its handler', () => {
  it('is never null for signed-in, staff and resource routes', () => {
    expectTypeOf<PrincipalOf<typeof SIGNED_IN>>().toEqualTypeOf<Principal>();
    expectTypeOf<PrincipalOf<typeof STAFF>>().toEqualTypeOf<Principal>();
    expectTypeOf<PrincipalOf<ReturnType<typeof onResource>>>().toEqualTypeOf<Principal>();
    expectTypeOf<PrincipalOf<ReturnType<typeof needs<'superuser'>>>>().toEqualTypeOf<Principal>();
  });

  it('may be null on a public route, or when the declaration does not say who', () => {
    expectTypeOf<PrincipalOf<typeof PUBLIC>>().toEqualTypeOf<Principal | null>();
    expectTypeOf<PrincipalOf<RouteAccess>>().toEqualTypeOf<Principal | null>();
  });
});

import type { Action } from '@asb/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';
import { notAuthenticated, permissionDenied } from './errors.js';
import { streamPrincipal } from '../live/stream-auth.js';

/** Who may call a route (docs/security.md, "Access"). */
export type Caller = 'public' | 'user' | 'staff' | 'superuser';

/**
 * What every route declares in its options (`config: { access }`); the server refuses to
 * start with a route that declares nothing. `who` is enforced before the route runs (401
 * without a user, 403 for a user below the level); `permission` names the resource check
 * the route makes on what it loads (`{type}:{action}`, or a rule in words), shown in the
 * OpenAPI document beside `who`.
 */
export interface RouteAccess<W extends Caller = Caller> {
  who: W;
  permission?: string;
  /** live streams: the token may also come as ?token= or a same-origin cookie (stream-auth.ts) */
  streamToken?: boolean;
  /**
   * the route acts on the resource of this type named by the path parameter `param`: before
   * anything else (the body is not even read) it must exist and allow the caller `action`,
   * else 404 or 403; a finer rule (`permission` in words) is the service's to check
   */
  resource?: { type: string; param: string; action: Action };
}

/** Loads the resource of `id` as the caller sees it: throws 404 when it does not exist, 403 when the caller may not see it or take `action` on it. */
export type ResourceGuard = (principal: Principal, id: string, action: Action) => Promise<unknown>;

const guards = new WeakMap<PlatformContext, Map<string, ResourceGuard>>();

/** The resource machinery registers how to load each type (resource.routes.ts). */
export function guardResource(ctx: PlatformContext, type: string, guard: ResourceGuard): void {
  if (!guards.has(ctx)) guards.set(ctx, new Map());
  guards.get(ctx)!.set(type, guard);
}

const ACTIONS: readonly string[] = ['view', 'add', 'change', 'delete'] satisfies Action[];

/**
 * A signed-in user acting on the `type` resource of path parameter `param`: `action` is
 * checked before the route runs; a rule in words (the owner only, say) is checked as
 * 'view' here and in full by the route's service.
 */
export function onResource(type: string, action: Action | string, param = 'id'): RouteAccess<'user'> {
  const checked = (ACTIONS.includes(action) ? action : 'view') as Action;
  return { who: 'user', permission: `${type}:${action}`, resource: { type, param, action: checked } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const PUBLIC: RouteAccess<'public'> = { who: 'public' };
export const SIGNED_IN: RouteAccess<'user'> = { who: 'user' };
export const STAFF: RouteAccess<'staff'> = { who: 'staff' };

/** A signed-in user with `permission` on the resource the route loads (checked by the route's service). */
export function needs<W extends Exclude<Caller, 'public'> = 'user'>(permission: string, who?: W): RouteAccess<W> {
  return { who: who ?? ('user' as W), permission };
}

/**
 * The principal a route's handler is given: never null unless the route is public (enforce()
 * refused the request without a user before), so no handler narrows it by hand. A declaration
 * whose `who` TypeScript cannot tell (a plain RouteAccess) counts as public.
 */
export type PrincipalOf<A extends RouteAccess> = 'public' extends A['who'] ? Principal | null : Principal;

/** The route options' `config` of a declared access. */
export function access(declared: RouteAccess): { access: RouteAccess } {
  return { access: declared };
}

function enforce(ctx: PlatformContext, declared: RouteAccess, isWebSocket: boolean): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (declared.streamToken && !request.principal) request.principal = (await streamPrincipal(ctx, request)) ?? null;
    if (declared.who === 'public') return;
    // a WebSocket is refused once open, with a close code that says why (4401, 4403: live.routes.ts)
    if (isWebSocket && request.headers.upgrade?.toLowerCase() === 'websocket') return;
    const principal = request.principal;
    if (!principal) throw notAuthenticated();
    if (declared.who === 'staff' && !principal.isStaff && !principal.isSuperuser) throw permissionDenied();
    if (declared.who === 'superuser' && !principal.isSuperuser) throw permissionDenied();
    if (declared.resource) {
      const guard = guards.get(ctx)?.get(declared.resource.type);
      if (!guard) throw new Error(`No resource guard for ${declared.resource.type}: register its resource routes first.`);
      await guard(principal, String((request.params as Record<string, unknown>)[declared.resource.param] ?? ''), declared.resource.action);
    }
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Every route added after this call must declare its access: a route without one stops the
 * server at start-up, naming it. The check runs after authentication (a global onRequest
 * hook registered before) and before the body is read.
 */
export function requireDeclaredAccess(app: FastifyInstance, ctx: PlatformContext): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (!declared) {
      throw new Error(`${String(route.method)} ${route.url} declares no access: give it config.access (platform/http/access.ts, docs/security.md).`);
    }
    route.onRequest = [...asArray(route.onRequest), enforce(ctx, declared, route.websocket === true)];
    const described = declared.permission ? `${declared.who}; ${declared.permission}` : declared.who;
    route.schema = {
      ...route.schema,
      'x-access': described,
      ...(declared.who === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    } as RouteOptions['schema'];
  });
}

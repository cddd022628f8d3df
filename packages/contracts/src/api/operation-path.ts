import type { Method, OperationKey } from './operation.js';

/** `/x/{id}/y` with params {id: '4'} → `/x/4/y` (each value URL-encoded; `{*}` keeps its slashes) */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/** `GET /x/{id}` → ['GET', '/x/:id'] (Fastify's syntax; `{*}` is its wildcard) */
export function splitKey(key: OperationKey): { method: Method; path: string; routerPath: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as Method;
  const path = key.slice(space + 1);
  return { method, path, routerPath: path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1') };
}

/**
 * The OpenAPI operationId of a key, for client generators: `GET /usermgr/v1/users/{username}/`
 * → `getUsermgrV1UsersUsername` (the method, then each word of the path capitalised).
 */
export function operationIdOf(key: OperationKey): string {
  const [method = '', ...words] = key.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

import type { PlatformContext } from '../context.js';
import type { ResourceDefinition } from './resource-definition.js';
import type { ResourceService } from './resource.service.js';

/** A resource type the server serves: its definition and the service its routes use. */
export interface RegisteredResource {
  def: ResourceDefinition;
  service: ResourceService;
}

const registries = new WeakMap<PlatformContext, Map<string, RegisteredResource>>();

/** Every resource type registerResourceRoutes mounted, by type: the embedded admin is generated from them (docs/admin.md). */
export function resourceRegistry(ctx: PlatformContext): Map<string, RegisteredResource> {
  let registry = registries.get(ctx);
  if (!registry) registries.set(ctx, (registry = new Map()));
  return registry;
}

import type { EventBus } from './event-bus.js';

/**
 * Tells every marketplace page to read its resources again (spec 3 §7: `forceUpdate` on
 * /backend/live/_marketplace/, and to every signed-in user): sent when a resource is published,
 * withdrawn, changed or deleted. Best effort: a lost message leaves a page stale, not wrong.
 */
export async function announceMarketplaceChange(bus: EventBus, reason: string): Promise<void> {
  try {
    await bus.publish({ type: 'forceUpdate', audience: '*', payload: { reason } });
  } catch {
    // the bus (Redis) may be away: the change itself stands
  }
}

/** `properties['asb:type']` of an application item (modules/applications): not a product. */
export const APPLICATION_ITEM = { key: 'asb:type', value: 'application' } as const;

/** Whether a STAC item document (stored properties, or a body) is an application item (modules/applications). */
export function isApplicationDocument(item: unknown): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const properties = (item as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null && (properties as Record<string, unknown>)[APPLICATION_ITEM.key] === APPLICATION_ITEM.value;
}

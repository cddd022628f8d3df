import type { StacItem } from '@asb/contracts';
import { AssetsPanel } from './AssetsPanel';
import { ExtensionsPanel } from './ExtensionsPanel';
import { GeometryPanel } from './GeometryPanel';
import { splitProperties } from './item-rules';
import type { ItemTab } from './ItemTabs';
import { LinksPanel } from './LinksPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { RawJsonPanel } from './RawJsonPanel';

/**
 * The tabs of any STAC item (spec 3 Workflow detail; the catalogue browser's product): Properties,
 * Geometry, Links, Assets and Extensions only when it has some, Raw JSON. `preview`: a COG
 * preview under the assets (the browser has its own).
 */
export function stacItemTabs(item: StacItem, options: { preview?: boolean } = {}): ItemTab[] {
  const hasAssets = Object.keys(item.assets ?? {}).length > 0;
  const hasExtensions = (item.stac_extensions ?? []).length > 0 || splitProperties(item.properties).groups.length > 0;
  return [
    { value: 'properties', label: 'Properties', panel: (shown) => <PropertiesPanel item={shown} /> },
    { value: 'geometry', label: 'Geometry', panel: (shown) => <GeometryPanel item={shown} /> },
    { value: 'links', label: 'Links', panel: (shown) => <LinksPanel item={shown} /> },
    ...(hasAssets ? [{ value: 'assets', label: 'Assets', panel: (shown: StacItem) => <AssetsPanel item={shown} preview={options.preview} /> }] : []),
    ...(hasExtensions ? [{ value: 'extensions', label: 'Extensions', panel: (shown: StacItem) => <ExtensionsPanel item={shown} /> }] : []),
    { value: 'raw', label: 'Raw JSON', panel: (shown) => <RawJsonPanel item={shown} /> },
  ];
}

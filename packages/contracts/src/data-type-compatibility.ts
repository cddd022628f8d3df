/**
 * Which output data type may feed which input data type (docs/workflows.md). Data
 * types are named by identifier (the seeded list of docs/seed-data.md); a type an
 * instance adds itself only connects to the same type, to json, string and text.
 */

/** File formats: each is also a file. */
export const FILE_FORMAT_DATA_TYPES: ReadonlySet<string> = new Set([
  'geotiff',
  'cog',
  'netcdf',
  'zarr',
  'hdf5',
  'jpeg2000',
  'geojson',
  'shapefile',
  'geopackage',
  'csv',
  'parquet',
  'safe-archive',
  'ml-model',
]);

/** Numbers that a float input takes as they are. */
export const NUMBER_DATA_TYPES: ReadonlySet<string> = new Set(['integer', 'percentage', 'latitude', 'longitude', 'resolution']);

/** Addresses that a url input takes. */
export const ADDRESS_DATA_TYPES: ReadonlySet<string> = new Set(['stac-item', 'stac-collection', 'stac-catalog', 'ogc-service-url']);

/** A list type and the type of one of its items (the dynamic-list-splitter's item output). */
export const LIST_ITEM_TYPES = {
  'list-string': 'string',
  'list-integer': 'integer',
  'list-float': 'float',
  'list-file': 'file',
  'list-product': 'string',
} as const;
export type ListDataType = keyof typeof LIST_ITEM_TYPES;
export const LIST_DATA_TYPES = Object.keys(LIST_ITEM_TYPES) as ListDataType[];

export function isListDataType(dataType: string): dataType is ListDataType {
  return Object.hasOwn(LIST_ITEM_TYPES, dataType);
}

/**
 * Whether a value of data type `source` may be passed where `target` is expected.
 * Wrappers may write an identifier in any case (`GeoTIFF`): compared lowercased.
 */
export function isDataTypeCompatible(sourceType: string, targetType: string): boolean {
  const source = sourceType.toLowerCase();
  const target = targetType.toLowerCase();
  if (source === target || target === 'json') return true;
  // secrets travel only into password inputs: never into plain text that logs show
  if (source === 'password') return false;
  switch (target) {
    case 'string':
    case 'text':
      return !isListDataType(source) && source !== 'folder';
    case 'file':
      return FILE_FORMAT_DATA_TYPES.has(source) || source === 'url';
    case 'geotiff':
      return source === 'cog';
    case 'float':
      return NUMBER_DATA_TYPES.has(source);
    case 'url':
      return ADDRESS_DATA_TYPES.has(source);
    case 'list-float':
      return source === 'list-integer';
    case 'list-string':
      return source === 'list-product';
    default:
      return false;
  }
}

/** A data type the instance starts with. */
export interface SeedDataType {
  identifier: string;
  label: string;
  description: string;
}

/**
 * The data types seeded at first start, in id order (docs/seed-data.md). The order
 * is part of the contract: spec 2 §5 gives new wrapper inputs and outputs the data
 * type at index 45, which must stay 'string'. New entries go at the END only.
 */
export const SEED_DATA_TYPES: readonly SeedDataType[] = [
  // Files and formats (0-13)
  { identifier: 'file', label: 'File', description: 'Any file: a path in the datastore or a URL.' },
  { identifier: 'folder', label: 'Folder', description: 'A folder of files in the datastore.' },
  { identifier: 'geotiff', label: 'GeoTIFF', description: 'A georeferenced raster in TIFF format.' },
  {
    identifier: 'cog',
    label: 'Cloud Optimized GeoTIFF (COG)',
    description: 'A tiled GeoTIFF with overviews, readable by HTTP range requests; previewed on maps.',
  },
  { identifier: 'netcdf', label: 'NetCDF', description: 'A NetCDF-4 (or classic) file of gridded variables.' },
  { identifier: 'zarr', label: 'Zarr', description: 'A Zarr store (folder or URL) of chunked arrays.' },
  { identifier: 'hdf5', label: 'HDF5', description: 'An HDF5 file.' },
  { identifier: 'jpeg2000', label: 'JPEG 2000', description: 'A JPEG 2000 raster, as in Sentinel-2 products.' },
  { identifier: 'geojson', label: 'GeoJSON file', description: 'A GeoJSON feature collection file.' },
  { identifier: 'shapefile', label: 'Shapefile (zip)', description: 'An ESRI Shapefile with its side files, zipped.' },
  { identifier: 'geopackage', label: 'GeoPackage', description: 'An OGC GeoPackage (.gpkg) of vector layers or rasters.' },
  { identifier: 'csv', label: 'CSV table', description: 'A comma-separated table with a header row.' },
  { identifier: 'parquet', label: 'Parquet / GeoParquet', description: 'A columnar table, optionally with geometries (GeoParquet).' },
  { identifier: 'safe-archive', label: 'SAFE archive', description: 'A Sentinel SAFE product folder or its zip.' },
  // EO products and catalogues (14-25)
  { identifier: 'sentinel-1-product', label: 'Sentinel-1 product', description: 'A Sentinel-1 product identifier, e.g. S1A_IW_GRDH_1SDV_20240101T...' },
  { identifier: 'sentinel-2-product', label: 'Sentinel-2 product', description: 'A Sentinel-2 product identifier, e.g. S2B_MSIL2A_20240101T...' },
  { identifier: 'sentinel-3-product', label: 'Sentinel-3 product', description: 'A Sentinel-3 product identifier, e.g. S3A_OL_1_EFR____20240101T...' },
  {
    identifier: 'sentinel-5p-product',
    label: 'Sentinel-5P product',
    description: 'A Sentinel-5 Precursor product identifier, e.g. S5P_OFFL_L2__NO2____20240101T...',
  },
  { identifier: 'landsat-8-product', label: 'Landsat 8 product', description: 'A Landsat 8 scene identifier, e.g. LC08_L2SP_198026_20240101_...' },
  { identifier: 'landsat-9-product', label: 'Landsat 9 product', description: 'A Landsat 9 scene identifier, e.g. LC09_L2SP_198026_20240101_...' },
  { identifier: 'modis-product', label: 'MODIS product', description: 'A MODIS granule identifier, e.g. MOD09GA.A2024001.h18v04...' },
  { identifier: 'stac-item', label: 'STAC item', description: 'A STAC item: its URL or its JSON.' },
  { identifier: 'stac-collection', label: 'STAC collection', description: 'A STAC collection: its URL or identifier.' },
  { identifier: 'stac-catalog', label: 'STAC catalog', description: 'A STAC catalog or API root URL.' },
  { identifier: 'ogc-service-url', label: 'OGC service URL', description: 'The URL of an OGC service (WMS, WMTS, WCS, WFS, OGC API).' },
  { identifier: 'ml-model', label: 'Machine-learning model', description: 'A trained model file (ONNX, PyTorch, TensorFlow SavedModel, ...).' },
  // Space and time (26-37)
  { identifier: 'bbox', label: 'Bounding box', description: 'min longitude, min latitude, max longitude, max latitude (WGS 84).' },
  { identifier: 'geometry-wkt', label: 'Geometry (WKT)', description: 'A geometry in Well-Known Text, WGS 84.' },
  { identifier: 'geometry-geojson', label: 'Geometry (GeoJSON)', description: 'A GeoJSON geometry object, WGS 84.' },
  { identifier: 'point', label: 'Point', description: 'A position as longitude, latitude (WGS 84).' },
  { identifier: 'latitude', label: 'Latitude', description: 'Degrees north, -90 to 90.' },
  { identifier: 'longitude', label: 'Longitude', description: 'Degrees east, -180 to 180.' },
  { identifier: 'crs', label: 'Coordinate reference system', description: 'An EPSG code such as EPSG:4326, or a WKT/PROJ definition.' },
  { identifier: 'resolution', label: 'Spatial resolution', description: 'A ground sampling distance in metres.' },
  { identifier: 'date', label: 'Date', description: 'A calendar date, YYYY-MM-DD.' },
  { identifier: 'datetime', label: 'Date and time', description: 'An ISO 8601 date and time, UTC unless an offset is given.' },
  { identifier: 'date-range', label: 'Date range', description: 'A start and an end date or date-time, ISO 8601 start/end.' },
  { identifier: 'duration', label: 'Duration', description: 'An ISO 8601 duration, e.g. P16D.' },
  // Values (38-54); index 45 is the generator's default
  { identifier: 'boolean', label: 'Boolean', description: 'true or false.' },
  { identifier: 'integer', label: 'Integer', description: 'A whole number.' },
  { identifier: 'float', label: 'Float', description: 'A floating-point number (double precision).' },
  { identifier: 'percentage', label: 'Percentage', description: 'A number from 0 to 100, e.g. a maximum cloud cover.' },
  { identifier: 'enum', label: 'Choice', description: 'One value out of a fixed list.' },
  { identifier: 'json', label: 'JSON', description: 'Any JSON value.' },
  { identifier: 'url', label: 'URL', description: 'An http(s) or s3 address.' },
  { identifier: 'string', label: 'String', description: 'Plain text on one line: the default type of new inputs and outputs.' },
  { identifier: 'text', label: 'Text', description: 'Plain text over several lines.' },
  { identifier: 'password', label: 'Password (encrypted)', description: 'A secret value, stored encrypted and never shown again.' },
  { identifier: 'email', label: 'Email address', description: 'An email address.' },
  { identifier: 'band-list', label: 'Band list', description: 'Spectral band names, e.g. B04,B08.' },
  { identifier: 'list-string', label: 'List of strings', description: 'A JSON array of strings.' },
  { identifier: 'list-integer', label: 'List of integers', description: 'A JSON array of whole numbers.' },
  { identifier: 'list-float', label: 'List of floats', description: 'A JSON array of numbers.' },
  { identifier: 'list-file', label: 'List of files', description: 'A JSON array of file paths or URLs.' },
  { identifier: 'list-product', label: 'List of products', description: 'A JSON array of EO product identifiers.' },
  // the catalogue (issue 14)
  {
    identifier: 'eo-product',
    label: 'EO product',
    description: "An item of the resource catalogue (or a STAC item's URL): its assets are staged into the task's input folder before it runs.",
  },
];

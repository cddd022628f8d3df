/** A software dependency the instance starts with. */
export interface SeedSoftwareDependency {
  identifier: string;
  label: string;
  isMain: boolean;
  requirements: string[];
  /** apt:/pip: tokens the generated Dockerfile installs (base image python:3.11-slim, Debian bookworm) */
  install: string;
}

const plain = (identifier: string, label: string, install: string): SeedSoftwareDependency => ({ identifier, label, isMain: false, requirements: [], install });

/**
 * The software dependencies seeded at first start (docs/seed-data.md): plain ones
 * first, since main ones require them. A main dependency is what the wrapper
 * generator offers as "Main dependency"; its requirements join the software
 * dependencies when it is chosen. New entries go at the end.
 */
export const SEED_SOFTWARE_DEPENDENCIES: readonly SeedSoftwareDependency[] = [
  plain('numpy', 'NumPy', 'pip:numpy'),
  plain('pandas', 'pandas', 'pip:pandas'),
  plain('scipy', 'SciPy', 'pip:scipy'),
  plain('shapely', 'Shapely', 'pip:shapely'),
  plain('pyproj', 'pyproj', 'pip:pyproj'),
  plain('requests', 'Requests', 'pip:requests'),
  plain('pyyaml', 'PyYAML', 'pip:pyyaml'),
  plain('matplotlib', 'Matplotlib', 'pip:matplotlib'),
  plain('pillow', 'Pillow', 'pip:pillow'),
  plain('scikit-image', 'scikit-image', 'pip:scikit-image'),
  plain('opencv', 'OpenCV (headless)', 'pip:opencv-python-headless'),
  plain('netcdf4', 'netCDF4', 'pip:netCDF4'),
  plain('h5py', 'h5py', 'pip:h5py'),
  plain('zarr', 'Zarr', 'pip:zarr'),
  plain('dask', 'Dask (arrays)', 'pip:dask[array]'),
  plain('fiona', 'Fiona', 'pip:fiona'),
  plain('pystac', 'PySTAC', 'pip:pystac'),
  plain('boto3', 'boto3 (S3)', 'pip:boto3'),
  plain('tqdm', 'tqdm', 'pip:tqdm'),
  plain('onnxruntime', 'ONNX Runtime', 'pip:onnxruntime'),
  { identifier: 'python3', label: 'Python 3 standard library', isMain: true, requirements: [], install: '' },
  // The base image's Python is not Debian's, so the bindings are built against Debian's libgdal (3.6 in bookworm).
  {
    identifier: 'gdal',
    label: 'GDAL (Python bindings)',
    isMain: true,
    requirements: ['numpy'],
    install: 'apt:gdal-bin apt:libgdal-dev apt:g++ pip:GDAL==3.6.*',
  },
  { identifier: 'rasterio', label: 'rasterio', isMain: true, requirements: ['numpy', 'gdal'], install: 'pip:rasterio' },
  { identifier: 'xarray', label: 'xarray', isMain: true, requirements: ['numpy', 'pandas'], install: 'pip:xarray' },
  { identifier: 'rioxarray', label: 'rioxarray', isMain: true, requirements: ['rasterio', 'xarray', 'pyproj'], install: 'pip:rioxarray' },
  { identifier: 'geopandas', label: 'GeoPandas', isMain: true, requirements: ['pandas', 'shapely', 'pyproj'], install: 'pip:geopandas' },
  { identifier: 'scikit-learn', label: 'scikit-learn', isMain: true, requirements: ['numpy', 'scipy'], install: 'pip:scikit-learn' },
  { identifier: 'pytorch', label: 'PyTorch', isMain: true, requirements: ['numpy'], install: 'pip:torch' },
  { identifier: 'tensorflow', label: 'TensorFlow', isMain: true, requirements: ['numpy'], install: 'pip:tensorflow' },
  { identifier: 'pystac-client', label: 'STAC client (pystac-client)', isMain: true, requirements: ['pystac', 'requests'], install: 'pip:pystac-client' },
  // esa_snappy drives an installed SNAP: the base image must provide SNAP itself (docs/seed-data.md).
  { identifier: 'snap', label: 'SNAP (esa_snappy)', isMain: true, requirements: ['numpy'], install: 'pip:esa-snappy' },
];

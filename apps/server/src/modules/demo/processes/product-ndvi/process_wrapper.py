"""Product NDVI: the normalised difference vegetation index (nir - red) / (nir + red) of an EO product.

Part of the ASB demo (docs/seed-data.md). The input is a catalogue product (an item of the
'Demo scenes' collection, say): the platform stages its assets before the task runs and
passes {"id", "collection", "datetime", "bbox", "item", "assets": {"red": path, "nir": path,
...}} (docs/process-runtime.md "Product inputs"). The red and near-infrared assets are found
by their key or by the eo:bands common name in the item. Pixels where either band is nodata,
or both are zero, get the nodata value -9999.
"""
import json
import os

INPUTS = [
    {"name": "product", "data_type": "eo-product", "description": "an EO product of the catalogue with red and near-infrared assets"},
]
OUTPUTS = [
    {"name": "ndvi", "data_type": "geotiff", "description": "Float32 NDVI from -1 to 1, nodata -9999"},
    {"name": "mean_ndvi", "data_type": "float", "description": "mean NDVI of the valid pixels"},
]
DEPENDENCIES = ["numpy", "rasterio"]
RESOURCES = {"cpus": 1, "ram_mb": 1024, "disk_mb": 1024, "gpus": 0}

NODATA = -9999.0


def band_asset(product, item, common_name):
    """The staged file of the asset whose key, or eo:bands common name, is `common_name`."""
    assets = product.get("assets") or {}
    if common_name in assets:
        return assets[common_name]
    for key, asset in (item.get("assets") or {}).items():
        names = [band.get("common_name") for band in asset.get("eo:bands") or []]
        if key in assets and names == [common_name]:
            return assets[key]
    raise ValueError(f"the product {product.get('id')} has no {common_name} asset (assets: {', '.join(sorted(assets)) or 'none'})")


def execute(out_dir, **inputs):
    import numpy as np
    import rasterio

    product = inputs["product"]
    if isinstance(product, str):
        product = json.loads(product)
    with open(product["item"], encoding="utf-8") as file:
        item = json.load(file)
    print(f"Product {product.get('id')} of {product.get('collection')}, {product.get('datetime')}", flush=True)
    with rasterio.open(band_asset(product, item, "red")) as red_file, rasterio.open(band_asset(product, item, "nir")) as nir_file:
        if (red_file.width, red_file.height) != (nir_file.width, nir_file.height):
            raise ValueError("the red and near-infrared assets have different sizes")
        red = red_file.read(1, masked=True).astype("float32")
        nir = nir_file.read(1, masked=True).astype("float32")
        profile = red_file.profile
        print(f"Reading red and nir: {red_file.width} x {red_file.height} pixels, {red_file.crs}", flush=True)

    total = nir + red
    valid = ~np.ma.getmaskarray(red) & ~np.ma.getmaskarray(nir) & (total.filled(0) != 0)
    if not valid.any():
        raise ValueError("the product has no valid pixel in its red and near-infrared bands")
    ndvi = np.full(red.shape, NODATA, dtype="float32")
    ndvi[valid] = ((nir - red).filled(0)[valid] / total.filled(1)[valid]).clip(-1, 1)
    mean_ndvi = float(ndvi[valid].mean())
    print(f"NDVI of {int(valid.sum())} valid pixels: min {ndvi[valid].min():.3f}, mean {mean_ndvi:.3f}, max {ndvi[valid].max():.3f}", flush=True)

    profile.update(driver="GTiff", dtype="float32", count=1, nodata=NODATA, compress="deflate", predictor=3, tiled=True, blockxsize=128, blockysize=128)
    profile.pop("interleave", None)
    path = os.path.join(out_dir, "ndvi.tif")
    with rasterio.open(path, "w", **profile) as out:
        out.write(ndvi, 1)
        out.set_band_description(1, "ndvi")
    print(f"Wrote ndvi.tif ({os.path.getsize(path)} bytes)", flush=True)
    return {"ndvi": "ndvi.tif", "mean_ndvi": round(mean_ndvi, 4)}

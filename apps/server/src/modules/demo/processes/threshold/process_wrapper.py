"""Threshold: a vegetation mask from an NDVI raster (1 vegetation, 0 not, 255 nodata).

Part of the ASB demo (docs/seed-data.md). A pixel counts as vegetation when its NDVI is at
least the threshold.
"""
import os

INPUTS = [
    {"name": "ndvi", "data_type": "geotiff", "description": "single-band NDVI GeoTIFF"},
    {"name": "threshold", "data_type": "float", "default": 0.3, "description": "NDVI from which a pixel counts as vegetation (-1 to 1)", "minimum": -1, "maximum": 1},
]
OUTPUTS = [
    {"name": "mask", "data_type": "geotiff", "description": "UInt8 mask: 1 vegetation, 0 not, 255 nodata"},
    {"name": "vegetation_share", "data_type": "float", "description": "share of the valid pixels that are vegetation, 0 to 1"},
]
DEPENDENCIES = ["numpy", "rasterio"]
RESOURCES = {"cpus": 1, "ram_mb": 1024, "disk_mb": 1024, "gpus": 0}

NODATA = 255


def execute(out_dir, **inputs):
    import numpy as np
    import rasterio

    threshold = float(inputs["threshold"])
    if not -1 <= threshold <= 1:
        raise ValueError(f"threshold must be between -1 and 1, not {threshold}")
    with rasterio.open(inputs["ndvi"]) as source:
        ndvi = source.read(1, masked=True)
        profile = source.profile
    valid = ~np.ma.getmaskarray(ndvi) & np.isfinite(ndvi.filled(np.nan))
    print(f"Thresholding {int(valid.sum())} valid pixels at NDVI {threshold}", flush=True)
    if not valid.any():
        raise ValueError("the NDVI raster has no valid pixel")

    vegetation = valid & (ndvi.filled(-np.inf) >= threshold)
    mask = np.where(valid, vegetation.astype("uint8"), NODATA).astype("uint8")
    share = round(float(vegetation.sum() / valid.sum()), 4)

    profile.update(driver="GTiff", dtype="uint8", count=1, nodata=NODATA, compress="deflate")
    profile.pop("predictor", None)
    profile.pop("interleave", None)
    path = os.path.join(out_dir, "mask.tif")
    with rasterio.open(path, "w", **profile) as out:
        out.write(mask, 1)
        out.set_band_description(1, "vegetation")
    print(f"Vegetation: {int(vegetation.sum())} pixels, {share:.1%} of the valid ones; wrote mask.tif", flush=True)
    return {"mask": "mask.tif", "vegetation_share": share}

"""NDVI: the normalised difference vegetation index (nir - red) / (nir + red) of a multi-band scene.

Part of the ASB demo (docs/seed-data.md). Pixels where either band is nodata, or both are
zero, get the nodata value -9999.
"""
import os

INPUTS = [
    {"name": "scene", "data_type": "geotiff", "description": "multi-band reflectance GeoTIFF"},
    {"name": "red_band", "data_type": "integer", "default": 3, "description": "number of the red band (1 is the first)", "minimum": 1},
    {"name": "nir_band", "data_type": "integer", "default": 4, "description": "number of the near-infrared band (1 is the first)", "minimum": 1},
]
OUTPUTS = [
    {"name": "ndvi", "data_type": "geotiff", "description": "Float32 NDVI from -1 to 1, nodata -9999"},
    {"name": "mean_ndvi", "data_type": "float", "description": "mean NDVI of the valid pixels"},
]
DEPENDENCIES = ["numpy", "rasterio"]
RESOURCES = {"cpus": 1, "ram_mb": 1024, "disk_mb": 1024, "gpus": 0}

NODATA = -9999.0


def execute(out_dir, **inputs):
    import numpy as np
    import rasterio

    red_band, nir_band = int(inputs["red_band"]), int(inputs["nir_band"])
    with rasterio.open(inputs["scene"]) as scene:
        print(f"Reading {os.path.basename(inputs['scene'])}: {scene.count} bands, {scene.width} x {scene.height} pixels", flush=True)
        for name, band in (("red_band", red_band), ("nir_band", nir_band)):
            if not 1 <= band <= scene.count:
                raise ValueError(f"{name} is {band}, but the scene has bands 1 to {scene.count}")
        red = scene.read(red_band, masked=True).astype("float32")
        nir = scene.read(nir_band, masked=True).astype("float32")
        profile = scene.profile

    total = nir + red
    valid = ~np.ma.getmaskarray(red) & ~np.ma.getmaskarray(nir) & (total.filled(0) != 0)
    ndvi = np.full(red.shape, NODATA, dtype="float32")
    ndvi[valid] = ((nir - red).filled(0)[valid] / total.filled(1)[valid]).clip(-1, 1)
    if not valid.any():
        raise ValueError("the scene has no valid pixel in the red and near-infrared bands")
    mean_ndvi = float(ndvi[valid].mean())
    print(f"NDVI of {int(valid.sum())} valid pixels: min {ndvi[valid].min():.3f}, mean {mean_ndvi:.3f}, max {ndvi[valid].max():.3f}", flush=True)

    profile.update(driver="GTiff", dtype="float32", count=1, nodata=NODATA, compress="deflate", predictor=3)
    profile.pop("interleave", None)
    path = os.path.join(out_dir, "ndvi.tif")
    with rasterio.open(path, "w", **profile) as out:
        out.write(ndvi, 1)
        out.set_band_description(1, "ndvi")
    print(f"Wrote ndvi.tif ({os.path.getsize(path)} bytes)", flush=True)
    return {"ndvi": "ndvi.tif", "mean_ndvi": round(mean_ndvi, 4)}

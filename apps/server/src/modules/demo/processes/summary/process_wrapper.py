"""Summary: a JSON report and one sentence about the vegetation of a scene.

Part of the ASB demo (docs/seed-data.md). Counts the pixels of a vegetation mask, estimates
their area on the ground and writes summary.json beside the sentence.
"""
import json
import math
import os

INPUTS = [
    {"name": "mask", "data_type": "geotiff", "description": "vegetation mask: 1 vegetation, 0 not, nodata ignored"},
    {"name": "mean_ndvi", "data_type": "float", "description": "mean NDVI of the scene"},
    {"name": "vegetation_share", "data_type": "float", "description": "share of the valid pixels that are vegetation, 0 to 1"},
]
OUTPUTS = [
    {"name": "report", "data_type": "file", "description": "summary.json: pixel counts, areas, bounds and the figures below"},
    {"name": "text", "data_type": "string", "description": "the result in one sentence"},
]
DEPENDENCIES = ["numpy", "rasterio"]
RESOURCES = {"cpus": 1, "ram_mb": 1024, "disk_mb": 1024, "gpus": 0}

EARTH_RADIUS_KM = 6371.0088


def execute(out_dir, **inputs):
    import numpy as np
    import rasterio

    mean_ndvi = float(inputs["mean_ndvi"])
    share = float(inputs["vegetation_share"])
    with rasterio.open(inputs["mask"]) as source:
        mask = source.read(1, masked=True)
        bounds = source.bounds
        crs = source.crs.to_string() if source.crs else None
        pixel_width, pixel_height = abs(source.transform.a), abs(source.transform.e)
        geographic = bool(source.crs and source.crs.is_geographic)
    values = mask.compressed()
    vegetation = int((values == 1).sum())
    other = int((values == 0).sum())
    nodata = int(np.ma.count_masked(mask))
    print(f"Mask: {vegetation} vegetation, {other} other, {nodata} nodata pixels", flush=True)

    if geographic:
        # a pixel's area at the scene's central latitude
        latitude = math.radians((bounds.bottom + bounds.top) / 2)
        km_per_degree = math.pi * EARTH_RADIUS_KM / 180
        pixel_km2 = pixel_width * km_per_degree * math.cos(latitude) * pixel_height * km_per_degree
    else:
        pixel_km2 = pixel_width * pixel_height / 1e6
    text = f"Vegetation covers {share * 100:.1f} % of the scene (mean NDVI {mean_ndvi:.2f})."
    report = {
        "text": text,
        "vegetation_share": share,
        "mean_ndvi": mean_ndvi,
        "pixels": {"vegetation": vegetation, "other": other, "nodata": nodata},
        "area_km2": {"vegetation": round(vegetation * pixel_km2, 3), "total": round((vegetation + other) * pixel_km2, 3)},
        "bounds": {"west": bounds.left, "south": bounds.bottom, "east": bounds.right, "north": bounds.top},
        "crs": crs,
    }
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=2)
        handle.write("\n")
    print(text, flush=True)
    return {"report": "summary.json", "text": text}

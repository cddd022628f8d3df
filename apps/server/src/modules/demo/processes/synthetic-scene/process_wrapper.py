"""Synthetic scene: a 4-band (blue, green, red, nir) reflectance GeoTIFF of a made-up landscape.

Part of the ASB demo (docs/seed-data.md). No download needed: the scene is drawn from a
seeded random generator over the given longitude/latitude box (EPSG:4326), with a river,
a town, fields and forest, so that NDVI and a vegetation threshold give a meaningful map.
"""
import math
import os

INPUTS = [
    {"name": "west", "data_type": "longitude", "default": 4.3, "description": "western edge of the scene, degrees east",
     "minimum": -180, "maximum": 180, "less_than": "east"},
    {"name": "south", "data_type": "latitude", "default": 51.15, "description": "southern edge of the scene, degrees north",
     "minimum": -90, "maximum": 90, "less_than": "north"},
    {"name": "east", "data_type": "longitude", "default": 4.5, "description": "eastern edge of the scene, degrees east", "minimum": -180, "maximum": 180},
    {"name": "north", "data_type": "latitude", "default": 51.3, "description": "northern edge of the scene, degrees north", "minimum": -90, "maximum": 90},
    {"name": "size", "data_type": "integer", "default": 256, "description": "pixels along the longer side (16 to 2048)", "minimum": 16, "maximum": 2048},
    {"name": "seed", "data_type": "integer", "default": 42, "description": "seed of the random landscape: the same seed draws the same scene", "minimum": 0},
]
OUTPUTS = [
    {"name": "scene", "data_type": "geotiff", "description": "Float32 reflectance bands 1 blue, 2 green, 3 red, 4 nir"},
]
DEPENDENCIES = ["numpy", "rasterio"]
RESOURCES = {"cpus": 1, "ram_mb": 1024, "disk_mb": 1024, "gpus": 0}

BANDS = ["blue", "green", "red", "nir"]
# typical surface reflectances (blue, green, red, nir)
WATER = (0.06, 0.05, 0.03, 0.02)
URBAN = (0.12, 0.13, 0.15, 0.20)
SOIL = (0.10, 0.13, 0.17, 0.21)
VEGETATION = (0.03, 0.08, 0.04, 0.42)


def smooth_noise(rng, height, width, cells):
    """Random values on a coarse grid of `cells` cells, bilinearly interpolated: a smooth field in [0, 1]."""
    import numpy as np

    coarse = rng.random((cells + 1, cells + 1))
    ys = np.linspace(0, cells, height)
    xs = np.linspace(0, cells, width)
    y0 = np.minimum(ys.astype(int), cells - 1)
    x0 = np.minimum(xs.astype(int), cells - 1)
    fy = (ys - y0)[:, None]
    fx = (xs - x0)[None, :]
    top = coarse[y0][:, x0] * (1 - fx) + coarse[y0][:, x0 + 1] * fx
    bottom = coarse[y0 + 1][:, x0] * (1 - fx) + coarse[y0 + 1][:, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy


def execute(out_dir, **inputs):
    import numpy as np
    import rasterio
    from rasterio.enums import Resampling
    from rasterio.transform import from_bounds

    # the platform refuses values outside the INPUTS constraints before a task starts; these
    # checks stay for a direct call (asb_runner.py by hand)
    west, south, east, north = (float(inputs[name]) for name in ("west", "south", "east", "north"))
    size, seed = int(inputs["size"]), int(inputs["seed"])
    if not (-180 <= west < east <= 180):
        raise ValueError(f"west ({west}) must be less than east ({east}), both within -180..180")
    if not (-90 <= south < north <= 90):
        raise ValueError(f"south ({south}) must be less than north ({north}), both within -90..90")
    # what the default process image (1024 MB) computes: 2048 needs about 400 MB, 4096 runs out of memory
    if not 16 <= size <= 2048:
        raise ValueError(f"size must be 16 to 2048 pixels, not {size}")

    # square pixels on the ground: a degree of longitude is shorter away from the equator
    ground_width = (east - west) * math.cos(math.radians((south + north) / 2))
    ground_height = north - south
    if ground_width >= ground_height:
        width, height = size, max(1, round(size * ground_height / ground_width))
    else:
        width, height = max(1, round(size * ground_width / ground_height)), size
    print(f"Drawing a {width} x {height} scene over {west}, {south}, {east}, {north} (seed {seed})", flush=True)

    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype("float32")
    y /= max(height - 1, 1)
    x /= max(width - 1, 1)

    # a river meandering from west to east
    phase = rng.uniform(0, 2 * math.pi)
    centre = 0.5 + 0.18 * np.sin(2 * math.pi * 1.3 * x + phase) + 0.05 * (smooth_noise(rng, height, width, 3) - 0.5)
    water = np.abs(y - centre) < 0.025 + 0.01 * smooth_noise(rng, height, width, 6)
    # a town on one bank, denser at its centre
    town_x, town_y = rng.uniform(0.25, 0.75), rng.uniform(0.2, 0.8)
    distance = np.hypot(x - town_x, y - town_y)
    urban = (distance + 0.08 * smooth_noise(rng, height, width, 12)) < 0.17
    # fields and forest: vegetation cover from bare soil (0) to dense canopy (1), in patches
    cover = 0.65 * smooth_noise(rng, height, width, 5) + 0.35 * smooth_noise(rng, height, width, 24)
    cover = np.clip((cover - 0.35) / 0.4, 0, 1)
    print(f"Land cover: water {water.mean():.1%}, town {(urban & ~water).mean():.1%}", flush=True)

    bands = np.empty((4, height, width), dtype="float32")
    for index in range(4):
        value = SOIL[index] + (VEGETATION[index] - SOIL[index]) * cover
        value = np.where(urban, URBAN[index], value)
        value = np.where(water, WATER[index], value)
        noise = rng.normal(0, 0.006, (height, width))
        bands[index] = np.clip(value + noise, 0.001, 1).astype("float32")

    path = os.path.join(out_dir, "scene.tif")
    profile = {
        "driver": "GTiff",
        "dtype": "float32",
        "count": 4,
        "width": width,
        "height": height,
        "crs": "EPSG:4326",
        "transform": from_bounds(west, south, east, north, width, height),
        "compress": "deflate",
        "predictor": 3,
        "interleave": "pixel",
        "tiled": True,
        "blockxsize": 256,
        "blockysize": 256,
    }
    with rasterio.open(path, "w", **profile) as scene:
        scene.write(bands)
        for index, name in enumerate(BANDS, start=1):
            scene.set_band_description(index, name)
        factors = [factor for factor in (2, 4, 8, 16) if max(width, height) // factor >= 64]
        if factors:
            scene.build_overviews(factors, Resampling.average)
            scene.update_tags(ns="rio_overview", resampling="average")
    print(f"Wrote scene.tif ({os.path.getsize(path)} bytes, overviews {factors or 'none'})", flush=True)
    return {"scene": "scene.tif"}

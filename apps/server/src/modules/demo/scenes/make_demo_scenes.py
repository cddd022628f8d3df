"""The demo's catalogue scenes: small Cloud-Optimised GeoTIFFs of made-up landscapes.

Part of the ASB demo (docs/seed-data.md "Demo scenes"), run once by the server at first start
(modules/demo/demo-scenes.ts) with the interpreter of the process runtime, which has numpy
and rasterio (GDAL). For every place and date it writes into OUT/{item id}/:

    blue.tif green.tif red.tif nir.tif   one band each: UInt16 reflectance x 10000, nodata 0,
                                         EPSG:4326, COG (deflate, 128 px blocks, overviews)
    thumbnail.png                        true colour, 256 px on the long side

and prints on stdout one JSON object {"scenes": [...]}, each with the item's id, place, date,
bbox, shape, transform and files, from which the server writes the STAC items.

Exit codes: 0 done, 3 numpy or rasterio (GDAL) missing, 1 anything else.
"""
import argparse
import json
import math
import os
import sys

# name, label, west, south, east, north, random seed
PLACES = [
    ("antwerp", "Antwerp, Belgium", 4.30, 51.15, 4.50, 51.30, 11),
    ("camargue", "Camargue, France", 4.45, 43.45, 4.70, 43.62, 23),
    ("nile-delta", "Nile delta, Egypt", 31.00, 30.35, 31.25, 30.55, 37),
]
# date, how green the vegetation is (0 bare .. 1 full canopy): spring to autumn
DATES = [("2024-03-15", 0.45), ("2024-05-15", 0.8), ("2024-07-15", 1.0), ("2024-09-15", 0.65)]
BANDS = [
    # name, common name, centre wavelength (µm), full width at half maximum (µm)
    ("blue", "blue", 0.49, 0.098),
    ("green", "green", 0.56, 0.045),
    ("red", "red", 0.665, 0.038),
    ("nir", "nir", 0.842, 0.145),
]
# typical surface reflectances (blue, green, red, nir)
WATER = (0.06, 0.05, 0.03, 0.02)
URBAN = (0.12, 0.13, 0.15, 0.20)
SOIL = (0.10, 0.13, 0.17, 0.21)
VEGETATION = (0.03, 0.08, 0.04, 0.42)
SIZE = 256
NODATA = 0


def smooth_noise(np, rng, height, width, cells):
    """Random values on a coarse grid of `cells` cells, bilinearly interpolated: a smooth field in [0, 1]."""
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


def landscape(np, seed, width, height):
    """The place's land cover, the same at every date: water, town and vegetation cover (0..1)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype("float32")
    y /= max(height - 1, 1)
    x /= max(width - 1, 1)
    phase = rng.uniform(0, 2 * math.pi)
    centre = 0.5 + 0.18 * np.sin(2 * math.pi * 1.3 * x + phase) + 0.05 * (smooth_noise(np, rng, height, width, 3) - 0.5)
    water = np.abs(y - centre) < 0.025 + 0.01 * smooth_noise(np, rng, height, width, 6)
    town_x, town_y = rng.uniform(0.25, 0.75), rng.uniform(0.2, 0.8)
    urban = (np.hypot(x - town_x, y - town_y) + 0.08 * smooth_noise(np, rng, height, width, 12)) < 0.17
    cover = 0.65 * smooth_noise(np, rng, height, width, 5) + 0.35 * smooth_noise(np, rng, height, width, 24)
    cover = np.clip((cover - 0.35) / 0.4, 0, 1)
    # fields are sown at different times: each patch greens with its own delay
    delay = smooth_noise(np, rng, height, width, 8)
    return water, urban, cover, delay


def reflectance(np, seed, land, greenness):
    """The four bands at one date, as UInt16 reflectance x 10000 (never the nodata 0)."""
    water, urban, cover, delay = land
    rng = np.random.default_rng(seed)
    season = np.clip(greenness - 0.35 * delay, 0.05, 1) * cover
    bands = []
    for index in range(4):
        value = SOIL[index] + (VEGETATION[index] - SOIL[index]) * season
        value = np.where(urban, URBAN[index], value)
        value = np.where(water, WATER[index], value)
        value = np.clip(value + rng.normal(0, 0.006, value.shape), 0.001, 1)
        bands.append(np.round(value * 10000).astype("uint16"))
    return bands


def write_cog(rasterio, path, band, transform, description):
    profile = {
        "driver": "COG",
        "dtype": "uint16",
        "count": 1,
        "width": band.shape[1],
        "height": band.shape[0],
        "crs": "EPSG:4326",
        "transform": transform,
        "nodata": NODATA,
        "compress": "deflate",
        "predictor": 2,
        "blocksize": 128,
        "overview_resampling": "average",
    }
    with rasterio.open(path, "w", **profile) as out:
        out.write(band, 1)
        out.set_band_description(1, description)


def write_thumbnail(np, rasterio, path, red, green, blue):
    """True colour, each band stretched from reflectance 0 to 0.25."""
    rgb = np.stack([np.clip(band.astype("float32") / 2500 * 255, 0, 255).astype("uint8") for band in (red, green, blue)])
    profile = {"driver": "PNG", "dtype": "uint8", "count": 3, "width": rgb.shape[2], "height": rgb.shape[1]}
    with rasterio.open(path, "w", **profile) as out:
        out.write(rgb)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder of the scenes (one sub-folder per item)")
    args = parser.parse_args()
    try:
        import numpy as np
        import rasterio
        from rasterio.transform import from_bounds
    except ImportError as error:
        print(f"make_demo_scenes: {error}", file=sys.stderr)
        return 3
    import warnings

    # PNG has no georeferencing: rasterio says so, and that is fine for a thumbnail
    warnings.filterwarnings("ignore", category=rasterio.errors.NotGeoreferencedWarning)

    scenes = []
    for place, label, west, south, east, north, seed in PLACES:
        ground_width = (east - west) * math.cos(math.radians((south + north) / 2))
        ground_height = north - south
        if ground_width >= ground_height:
            width, height = SIZE, max(1, round(SIZE * ground_height / ground_width))
        else:
            width, height = max(1, round(SIZE * ground_width / ground_height)), SIZE
        transform = from_bounds(west, south, east, north, width, height)
        land = landscape(np, seed, width, height)
        for number, (date, greenness) in enumerate(DATES):
            item_id = f"demo-{place}-{date}"
            folder = os.path.join(args.out, item_id)
            os.makedirs(folder, exist_ok=True)
            bands = reflectance(np, seed * 100 + number, land, greenness)
            for (name, _, _, _), band in zip(BANDS, bands):
                write_cog(rasterio, os.path.join(folder, f"{name}.tif"), band, transform, name)
            write_thumbnail(np, rasterio, os.path.join(folder, "thumbnail.png"), bands[2], bands[1], bands[0])
            red, nir = (band.astype("float32") for band in (bands[2], bands[3]))
            mean_ndvi = float(((nir - red) / (nir + red)).mean())
            scenes.append(
                {
                    "id": item_id,
                    "place": place,
                    "label": label,
                    "date": date,
                    "bbox": [west, south, east, north],
                    "shape": [height, width],
                    "transform": list(transform)[:6],
                    "mean_ndvi": round(mean_ndvi, 3),
                    "files": {name: f"{name}.tif" for name, _, _, _ in BANDS} | {"thumbnail": "thumbnail.png"},
                }
            )
    json.dump({"scenes": scenes, "bands": [{"name": n, "common_name": c, "center_wavelength": w, "full_width_half_max": f} for n, c, w, f in BANDS]}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

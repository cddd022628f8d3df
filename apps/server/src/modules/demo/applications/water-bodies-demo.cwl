cwlVersion: v1.2
$namespaces:
  s: https://schema.org/
s:softwareVersion: 1.0.0
s:dateCreated: "2025-01-15"
s:license: https://spdx.org/licenses/CC-BY-4.0
s:keywords: water, NDWI, demo
s:author:
  - class: s:Person
    s:name: ASB demo
    s:affiliation: ASB portal
    s:email: demo@example.org
s:releaseNotes: https://spdx.org/licenses/CC-BY-4.0
$graph:
  - class: Workflow
    id: water-bodies-demo
    label: Water bodies (demo)
    doc: >-
      Water bodies of a demo scene: the normalised difference water index (NDWI) of its green
      and near-infrared bands, a water mask where the NDWI is above a threshold, its PNG preview
      and a small STAC catalog holding the mask. Runs with python3, numpy and rasterio as
      installed on the machine (no container).
    inputs:
      item:
        label: Demo scene
        doc: A scene of the demo-scenes collection (a product of the catalogue); staged as a folder with item.json and its band files
        type: Directory
      threshold:
        label: NDWI threshold
        doc: Pixels whose NDWI is above this value are water
        type: float
        default: 0.0
    outputs:
      water_mask:
        label: Water mask
        doc: 1 where the NDWI is above the threshold, 0 elsewhere (GeoTIFF)
        type: File
        outputSource: node_mask/water_mask
      preview:
        label: Preview
        doc: The water mask as a PNG (water in blue)
        type: File
        outputSource: node_mask/preview
      stac_catalog:
        label: STAC catalog
        doc: A STAC catalog with one item holding the water mask
        type: Directory
        outputSource: node_stac/stac_catalog
    steps:
      node_ndwi:
        run: "#ndwi"
        in:
          item: item
        out: [ndwi]
      node_mask:
        run: "#mask"
        in:
          ndwi: node_ndwi/ndwi
          threshold: threshold
        out: [water_mask, preview]
      node_stac:
        run: "#stac"
        in:
          item: item
          water_mask: node_mask/water_mask
        out: [stac_catalog]

  - class: CommandLineTool
    id: ndwi
    label: NDWI of a scene
    requirements:
      InitialWorkDirRequirement:
        listing:
          - entryname: ndwi.py
            entry: |
              import json, os, sys
              import numpy as np
              import rasterio

              folder = sys.argv[1]
              item = json.load(open(os.path.join(folder, "item.json")))

              def band_file(name):
                  # by asset key, else by the eo:bands common name
                  for key, asset in item.get("assets", {}).items():
                      names = [key] + [band.get("common_name") for band in asset.get("eo:bands", [])]
                      if name in names:
                          for candidate in sorted(os.listdir(folder)):
                              if candidate.split(".")[0] == key:
                                  return os.path.join(folder, candidate)
                  sys.exit(f"the scene has no {name} band")

              with rasterio.open(band_file("green")) as src:
                  green = src.read(1).astype("float32")
                  profile = src.profile
              with rasterio.open(band_file("nir")) as src:
                  nir = src.read(1).astype("float32")
              total = green + nir
              ndwi = np.where(total == 0, 0, (green - nir) / np.where(total == 0, 1, total)).astype("float32")
              profile.update(dtype="float32", count=1, driver="GTiff", nodata=None)
              for key in ("blockxsize", "blockysize", "tiled", "compress", "interleave"):
                  profile.pop(key, None)
              with rasterio.open("ndwi.tif", "w", **profile) as dst:
                  dst.write(ndwi, 1)
              print(f"NDWI from {float(ndwi.min()):.3f} to {float(ndwi.max()):.3f}", file=sys.stderr)
    baseCommand: [python3, ndwi.py]
    inputs:
      item:
        type: Directory
        inputBinding:
          position: 1
    outputs:
      ndwi:
        type: File
        outputBinding:
          glob: ndwi.tif

  - class: CommandLineTool
    id: mask
    label: Water mask and preview
    requirements:
      InitialWorkDirRequirement:
        listing:
          - entryname: mask.py
            entry: |
              import sys
              import numpy as np
              import rasterio

              source, threshold = sys.argv[1], float(sys.argv[2])
              with rasterio.open(source) as src:
                  ndwi = src.read(1)
                  profile = src.profile
              mask = (ndwi > threshold).astype("uint8")
              profile.update(dtype="uint8", count=1, driver="GTiff", nodata=None)
              with rasterio.open("water_mask.tif", "w", **profile) as dst:
                  dst.write(mask, 1)
              height, width = mask.shape
              rgb = np.zeros((3, height, width), dtype="uint8")
              rgb[0] = np.where(mask == 1, 30, 235)
              rgb[1] = np.where(mask == 1, 100, 230)
              rgb[2] = np.where(mask == 1, 220, 215)
              with rasterio.open("water_mask.png", "w", driver="PNG", width=width, height=height, count=3, dtype="uint8") as dst:
                  dst.write(rgb)
              print(f"water: {100 * float(mask.mean()):.1f} % of the scene above {threshold}", file=sys.stderr)
    baseCommand: [python3, mask.py]
    inputs:
      ndwi:
        type: File
        inputBinding:
          position: 1
      threshold:
        type: float
        inputBinding:
          position: 2
    outputs:
      water_mask:
        type: File
        outputBinding:
          glob: water_mask.tif
      preview:
        type: File
        outputBinding:
          glob: water_mask.png

  - class: CommandLineTool
    id: stac
    label: STAC catalog of the mask
    requirements:
      InitialWorkDirRequirement:
        listing:
          - entryname: stac.py
            entry: |
              import json, os, shutil, sys

              folder, mask = sys.argv[1], sys.argv[2]
              source = json.load(open(os.path.join(folder, "item.json")))
              item_id = f"{source['id']}-water"
              os.makedirs(os.path.join("catalog", item_id), exist_ok=True)
              shutil.copy(mask, os.path.join("catalog", item_id, "water_mask.tif"))
              item = {
                  "type": "Feature",
                  "stac_version": "1.0.0",
                  "id": item_id,
                  "geometry": source.get("geometry"),
                  "bbox": source.get("bbox"),
                  "properties": {"datetime": source.get("properties", {}).get("datetime"), "title": f"Water mask of {source['id']}"},
                  "links": [{"rel": "root", "href": "../catalog.json", "type": "application/json"}, {"rel": "parent", "href": "../catalog.json", "type": "application/json"}],
                  "assets": {"water_mask": {"href": "water_mask.tif", "type": "image/tiff; application=geotiff", "roles": ["data"], "title": "Water mask"}},
              }
              json.dump(item, open(os.path.join("catalog", item_id, f"{item_id}.json"), "w"), indent=2)
              catalog = {
                  "type": "Catalog",
                  "stac_version": "1.0.0",
                  "id": "water-bodies",
                  "description": "Water bodies of a demo scene",
                  "links": [
                      {"rel": "root", "href": "./catalog.json", "type": "application/json"},
                      {"rel": "item", "href": f"./{item_id}/{item_id}.json", "type": "application/geo+json"},
                  ],
              }
              json.dump(catalog, open(os.path.join("catalog", "catalog.json"), "w"), indent=2)
    baseCommand: [python3, stac.py]
    inputs:
      item:
        type: Directory
        inputBinding:
          position: 1
      water_mask:
        type: File
        inputBinding:
          position: 2
    outputs:
      stac_catalog:
        type: Directory
        outputBinding:
          glob: catalog

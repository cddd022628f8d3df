"""The numpy reference of the demo land-cover model, for the inference test (demo-products.test.ts).

Usage: land_cover_reference.py MODEL.onnx SCENE_DIR OUT_DIR
Reads the scene's four band COGs, writes OUT_DIR/bands.f32 (float32 [1, 4, H, W], the model's
input) and OUT_DIR/reference.u8 (the class of each pixel computed with numpy from the weights in
the ONNX file) and OUT_DIR/rules.u8 (the land-cover rules' labels); prints {"shape": [H, W]}.
"""
import json
import os
import sys

import numpy as np
import onnx
import rasterio
from onnx import numpy_helper

model_path, scene_dir, out_dir = sys.argv[1:4]
weights = {tensor.name: numpy_helper.to_array(tensor) for tensor in onnx.load(model_path).graph.initializer}
bands = []
for band in ["blue", "green", "red", "nir"]:
    with rasterio.open(os.path.join(scene_dir, f"{band}.tif")) as source:
        bands.append(source.read(1).astype(np.float32))
cube = np.stack(bands)  # [4, H, W]
eps = np.float32(1e-6)
reflectance = cube / np.float32(10000)
green, red, nir = reflectance[1], reflectance[2], reflectance[3]
ndvi = (nir - red) / (nir + red + eps)
ndwi = (green - nir) / (green + nir + eps)
features = np.concatenate([reflectance, ndvi[None], ndwi[None]])  # [6, H, W]
conv_w = weights["conv_w"][:, :, 0, 0]  # [classes, 6]
logits = np.einsum("cf,fhw->chw", conv_w, features) + weights["conv_b"][:, None, None]
reference = logits.argmax(0).astype(np.uint8)
rules = np.zeros(ndvi.shape, np.uint8)
rules[ndvi > 0.3] = 1
rules[ndwi > 0] = 2
os.makedirs(out_dir, exist_ok=True)
cube[None].astype("<f4").tofile(os.path.join(out_dir, "bands.f32"))
reference.tofile(os.path.join(out_dir, "reference.u8"))
rules.tofile(os.path.join(out_dir, "rules.u8"))
json.dump({"shape": list(reference.shape)}, sys.stdout)

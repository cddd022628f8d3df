"""Trains the demo's land-cover classifier on the demo scenes and exports it to ONNX.

Run by the portal at its first start (docs/seed-data.md "Demo model and dataset"), after the demo
scenes are drawn: a per-pixel softmax regression over the four bands (blue, green, red, near-infrared,
reflectance x 10000 as the COGs store it) and the NDVI and NDWI computed from them, fitted with numpy
on the Antwerp scenes (the demo training dataset) to the labels of the land-cover rules (water where
NDWI > 0, else vegetation where NDVI > 0.3, else bare soil), and tested on the other places' scenes.

Usage: train_land_cover.py --scenes DIR --train ID,ID,... --test ID,ID,... --out DIR [--example ID]
Writes DIR/model.onnx and, with --example, DIR/example-scene.tif (that scene's four bands as one
GeoTIFF: an input to try the model with); prints one JSON object: params, metrics, classes and the
ONNX versions.
Needs Debian's python3-numpy, python3-rasterio and python3-onnx.
"""

import argparse
import json
import os
import sys

import numpy as np
import rasterio
import onnx
from onnx import TensorProto, helper, numpy_helper

BANDS = ["blue", "green", "red", "nir"]
CLASSES = [
    {"value": 0, "name": "bare", "description": "bare soil or built-up", "color_hint": "C8A165"},
    {"value": 1, "name": "vegetation", "description": "vegetation (NDVI above 0.3)", "color_hint": "2E8B3A"},
    {"value": 2, "name": "water", "description": "water (NDWI above 0)", "color_hint": "2F6FD6"},
]
SCALE = 10000.0
EPS = 1e-6
OPSET = 13
SEED = 7
PIXELS_PER_SCENE = 6000
EPOCHS = 1500
LEARNING_RATE = 1.5


def read_scene(folder):
    """The scene's bands as float32 [4, H, W], reflectance x 10000."""
    layers = []
    for band in BANDS:
        with rasterio.open(os.path.join(folder, f"{band}.tif")) as source:
            layers.append(source.read(1).astype(np.float32))
    return np.stack(layers)


def indices(bands):
    """NDVI and NDWI of bands [..., 4] (any scale: the ratios do not change)."""
    green, red, nir = bands[..., 1], bands[..., 2], bands[..., 3]
    ndvi = (nir - red) / (nir + red + EPS)
    ndwi = (green - nir) / (green + nir + EPS)
    return ndvi, ndwi


def rules(bands):
    """The labels: the land-cover rules of the demo."""
    ndvi, ndwi = indices(bands)
    labels = np.zeros(ndvi.shape, dtype=np.int64)
    labels[ndvi > 0.3] = 1
    labels[ndwi > 0] = 2
    return labels


def features(pixels):
    """[P, 6]: the four reflectances (0..1) and the two indices."""
    reflectance = pixels / SCALE
    ndvi, ndwi = indices(pixels)
    return np.concatenate([reflectance, ndvi[:, None], ndwi[:, None]], axis=1)


def pixels_of(scene_dir, ids, rng, per_scene):
    chosen = []
    for item in ids:
        cube = read_scene(os.path.join(scene_dir, item)).reshape(4, -1).T  # [H*W, 4]
        take = rng.choice(cube.shape[0], size=min(per_scene, cube.shape[0]), replace=False) if per_scene else slice(None)
        chosen.append(cube[take])
    return np.concatenate(chosen)


def fit(x, y):
    """Softmax regression by full-batch gradient descent on standardised features."""
    mean, std = x.mean(0), x.std(0) + 1e-9
    z = (x - mean) / std
    onehot = np.eye(len(CLASSES))[y]
    weights = np.zeros((x.shape[1], len(CLASSES)))
    bias = np.zeros(len(CLASSES))
    for _ in range(EPOCHS):
        logits = z @ weights + bias
        logits -= logits.max(1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(1, keepdims=True)
        gradient = (p - onehot) / len(y)
        weights -= LEARNING_RATE * (z.T @ gradient)
        bias -= LEARNING_RATE * gradient.sum(0)
    # the standardisation folded into the weights: logits = x @ W + b
    return weights / std[:, None], bias - (mean / std) @ weights


def probabilities(x, weights, bias):
    logits = x @ weights + bias
    logits -= logits.max(1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(1, keepdims=True)


def f1(y, predicted, value):
    tp = np.sum((predicted == value) & (y == value))
    fp = np.sum((predicted == value) & (y != value))
    fn = np.sum((predicted != value) & (y == value))
    return float(2 * tp / (2 * tp + fp + fn)) if tp + fp + fn else 1.0


def export(weights, bias, path):
    """The graph: bands [N,4,H,W] -> /10000 -> NDVI, NDWI -> 1x1 Conv -> probabilities and classes."""
    const = lambda name, value: numpy_helper.from_array(np.asarray(value), name)
    initializers = [
        const("scale", np.array(SCALE, np.float32)),
        const("eps", np.array(EPS, np.float32)),
        const("axis1", np.array([1], np.int64)),
        const("green_start", np.array([1], np.int64)),
        const("red_start", np.array([2], np.int64)),
        const("nir_start", np.array([3], np.int64)),
        const("nir_end", np.array([4], np.int64)),
        const("conv_w", weights.T.astype(np.float32).reshape(len(CLASSES), weights.shape[0], 1, 1)),
        const("conv_b", bias.astype(np.float32)),
    ]
    nodes = [
        helper.make_node("Div", ["bands", "scale"], ["reflectance"]),
        helper.make_node("Slice", ["reflectance", "green_start", "red_start", "axis1"], ["green"]),
        helper.make_node("Slice", ["reflectance", "red_start", "nir_start", "axis1"], ["red"]),
        helper.make_node("Slice", ["reflectance", "nir_start", "nir_end", "axis1"], ["nir"]),
        helper.make_node("Sub", ["nir", "red"], ["nir_minus_red"]),
        helper.make_node("Add", ["nir", "red"], ["nir_plus_red"]),
        helper.make_node("Add", ["nir_plus_red", "eps"], ["ndvi_denominator"]),
        helper.make_node("Div", ["nir_minus_red", "ndvi_denominator"], ["ndvi"]),
        helper.make_node("Sub", ["green", "nir"], ["green_minus_nir"]),
        helper.make_node("Add", ["green", "nir"], ["green_plus_nir"]),
        helper.make_node("Add", ["green_plus_nir", "eps"], ["ndwi_denominator"]),
        helper.make_node("Div", ["green_minus_nir", "ndwi_denominator"], ["ndwi"]),
        helper.make_node("Concat", ["reflectance", "ndvi", "ndwi"], ["features"], axis=1),
        helper.make_node("Conv", ["features", "conv_w", "conv_b"], ["logits"], kernel_shape=[1, 1]),
        helper.make_node("Softmax", ["logits"], ["probabilities"], axis=1),
        helper.make_node("ArgMax", ["logits"], ["class_index"], axis=1, keepdims=0),
        helper.make_node("Cast", ["class_index"], ["classes"], to=TensorProto.UINT8),
    ]
    graph = helper.make_graph(
        nodes,
        "land_cover",
        [helper.make_tensor_value_info("bands", TensorProto.FLOAT, ["batch", 4, "height", "width"])],
        [
            helper.make_tensor_value_info("classes", TensorProto.UINT8, ["batch", "height", "width"]),
            helper.make_tensor_value_info("probabilities", TensorProto.FLOAT, ["batch", len(CLASSES), "height", "width"]),
        ],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="asb-demo")
    model.ir_version = 8
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, path)
    return model


def write_example(folder, path):
    """The scene's four bands as one GeoTIFF (UInt16, deflate), georeferenced as its bands."""
    with rasterio.open(os.path.join(folder, f"{BANDS[0]}.tif")) as first:
        profile = {
            "driver": "GTiff",
            "width": first.width,
            "height": first.height,
            "count": len(BANDS),
            "dtype": first.dtypes[0],
            "crs": first.crs,
            "transform": first.transform,
            "nodata": first.nodata,
            "compress": "deflate",
        }
    with rasterio.open(path, "w", **profile) as target:
        for index, band in enumerate(BANDS, start=1):
            with rasterio.open(os.path.join(folder, f"{band}.tif")) as source:
                target.write(source.read(1), index)
                target.set_band_description(index, band)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", required=True)
    parser.add_argument("--train", required=True)
    parser.add_argument("--test", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--example")
    args = parser.parse_args()
    rng = np.random.default_rng(SEED)
    train_ids, test_ids = args.train.split(","), args.test.split(",")
    train = pixels_of(args.scenes, train_ids, rng, PIXELS_PER_SCENE)
    test = pixels_of(args.scenes, test_ids, rng, 0)
    y_train, y_test = rules(train), rules(test)
    weights, bias = fit(features(train), y_train)
    p_train = probabilities(features(train), weights, bias)
    p_test = probabilities(features(test), weights, bias)
    predicted = p_test.argmax(1)
    os.makedirs(args.out, exist_ok=True)
    model = export(weights, bias, os.path.join(args.out, "model.onnx"))
    if args.example:
        write_example(os.path.join(args.scenes, args.example), os.path.join(args.out, "example-scene.tif"))
    metrics = {
        "train_accuracy": float((p_train.argmax(1) == y_train).mean()),
        "test_accuracy": float((predicted == y_test).mean()),
        "train_log_loss": float(-np.mean(np.log(p_train[np.arange(len(y_train)), y_train] + 1e-12))),
        **{f"test_f1_{c['name']}": f1(y_test, predicted, c["value"]) for c in CLASSES},
    }
    json.dump(
        {
            "params": {
                "model": "softmax regression (1x1 convolution)",
                "features": "blue, green, red, nir reflectance; NDVI; NDWI",
                "labels": "land-cover rules: water NDWI > 0, vegetation NDVI > 0.3, else bare",
                "train_scenes": ", ".join(train_ids),
                "test_scenes": ", ".join(test_ids),
                "pixels_per_train_scene": str(PIXELS_PER_SCENE),
                "epochs": str(EPOCHS),
                "learning_rate": str(LEARNING_RATE),
                "seed": str(SEED),
                "onnx_opset": str(OPSET),
            },
            "metrics": metrics,
            "samples": {"train": int(len(y_train)), "test": int(len(y_test))},
            "classes": CLASSES,
            "onnx": {"ir_version": int(model.ir_version), "opset": OPSET, "bytes": os.path.getsize(os.path.join(args.out, "model.onnx"))},
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()

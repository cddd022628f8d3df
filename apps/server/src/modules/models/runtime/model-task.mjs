// The task of a model execution (docs/models.md "Model executions"): runs in the engine's task
// sandbox, reads its job, turns the input files into tensors, runs the ONNX model once with
// onnxruntime-node (CPU) and writes the outputs:
//
//   node model-task.mjs JOB.json
//
// JOB.json: {"model": "model.onnx", "threads": 1, "outDir", "outputsFile",
//   "inputs": [{"name", "label", "kind": "image" | "numbers", "shape": [signature], "file", "fileType": "geotiff" | "png"}],
//   "outputs": [{"name", "label", "classes": [{"value", "name", "color"}]}]}
//
// An image input is a GeoTIFF (every band) or a PNG (its colour channels), laid out as the
// signature's shape asks (bands first, or last when only the last dimension is a small fixed
// number); a numbers input is a JSON array of numbers, filling the signature's shape. Every
// output tensor is written as `{name}.npy`; an integer output that is one map (a class map) also
// as `{name}.png` (coloured, its legend below) and, when the input was a GeoTIFF of the same
// size, as `{name}.tif` with the input's georeferencing, and its classes' shares of the pixels.
// The outputs file maps output names to those files (relative to outDir) or values.
//
// A request the model cannot take is refused with one line 'asb_model: {reason}' on stderr and
// exit 2: that line is the execution's error log.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromArrayBuffer, writeArrayBuffer } from 'geotiff';
import ort from 'onnxruntime-node';
import { PNG } from 'pngjs';
import * as PImage from 'pureimage';
import { DATATYPE, protocolShape, sizeOf } from './tensors.mjs';

const require = createRequire(import.meta.url);

/** At most this many values in one input tensor (4 bytes each). */
const MAX_VALUES = 64 * 1024 * 1024;
/** A class map's picture is at most this wide or high (larger maps are sampled). */
const MAX_PICTURE = 2048;

function refuse(message) {
  process.stderr.write(`asb_model: ${message}\n`);
  process.exit(2);
}

const log = (message) => process.stdout.write(`[${new Date().toISOString()}] ${message}\n`);
const safeName = (name) => name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'output';
const labelOf = (input) => (input.label && input.label !== input.name ? `${input.label} (${input.name})` : input.name);

/** An image file as bands (Float32Array each, row by row), its size and, for a GeoTIFF, its georeferencing. */
async function readImage(input) {
  const bytes = fs.readFileSync(input.file);
  if (input.fileType === 'png') {
    let png;
    try {
      png = PNG.sync.read(bytes);
    } catch (error) {
      refuse(`Input ${labelOf(input)}: ${input.fileName ?? 'the file'} is not a PNG image (${error.message}).`);
    }
    const { width, height, data } = png;
    // pngjs gives RGBA: a grey image has one band, a colour one three, each with alpha one more
    const grey = (png.colorType & 2) === 0;
    const channels = grey ? [0] : [0, 1, 2];
    if (png.alpha) channels.push(3);
    const bands = channels.map((channel) => {
      const band = new Float32Array(width * height);
      for (let index = 0; index < band.length; index++) band[index] = data[index * 4 + channel];
      return band;
    });
    return { width, height, bands, geo: null };
  }
  let image;
  try {
    const tiff = await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    image = await tiff.getImage();
  } catch (error) {
    refuse(`Input ${labelOf(input)}: ${input.fileName ?? 'the file'} is not a GeoTIFF (${error.message}).`);
  }
  const width = image.getWidth();
  const height = image.getHeight();
  const count = image.getSamplesPerPixel();
  if (width * height * count > MAX_VALUES)
    refuse(`Input ${labelOf(input)}: ${width} × ${height} pixels of ${count} bands are more than the ${MAX_VALUES} values a model execution takes.`);
  let rasters;
  try {
    rasters = await image.readRasters();
  } catch (error) {
    refuse(`Input ${labelOf(input)}: the GeoTIFF's pixels cannot be read (${error.message}).`);
  }
  const bands = Array.from(rasters, (raster) => Float32Array.from(raster));
  const directory = image.fileDirectory;
  const geo = {
    ModelPixelScale: await directory.loadValue('ModelPixelScale'),
    ModelTiepoint: await directory.loadValue('ModelTiepoint'),
    ModelTransformation: await directory.loadValue('ModelTransformation'),
    geoKeys: image.getGeoKeys() ?? {},
  };
  return { width, height, bands, geo: geo.ModelPixelScale || geo.ModelTransformation ? geo : null };
}

/** Whether a signature shape wants the bands last ([..., height, width, bands]): only its last dimension is a small fixed number. */
function bandsLast(shape) {
  const small = (dimension) => dimension > 0 && dimension <= 16;
  return small(shape.at(-1)) && !small(shape.at(-3));
}

/** An image as the tensor its signature shape asks for: [1, bands, h, w] (or [bands, h, w]), or bands last. */
function imageTensor(input, image) {
  const { shape } = input;
  const last = bandsLast(shape);
  const wanted = last ? shape.at(-1) : shape.at(-3);
  const [wantedHeight, wantedWidth] = last ? [shape.at(-3), shape.at(-2)] : [shape.at(-2), shape.at(-1)];
  let { bands } = image;
  const what = input.fileName ?? 'the file';
  if (wanted > 0 && wanted !== bands.length) {
    // a PNG gives what the model takes of it: its colours without alpha, or the grey of them
    if (input.fileType === 'png' && wanted < bands.length) bands = bands.slice(0, wanted);
    else refuse(`Input ${labelOf(input)}: the model takes ${wanted} band${wanted === 1 ? '' : 's'}; ${what} has ${bands.length}.`);
  }
  if ((wantedHeight > 0 && wantedHeight !== image.height) || (wantedWidth > 0 && wantedWidth !== image.width))
    refuse(
      `Input ${labelOf(input)}: the model takes images of ${wantedWidth > 0 ? wantedWidth : 'any'} × ${wantedHeight > 0 ? wantedHeight : 'any'} pixels; ${what} is ${image.width} × ${image.height}.`,
    );
  const pixels = image.width * image.height;
  const values = new Float32Array(pixels * bands.length);
  if (last) {
    for (let pixel = 0; pixel < pixels; pixel++) for (let band = 0; band < bands.length; band++) values[pixel * bands.length + band] = bands[band][pixel];
  } else {
    bands.forEach((band, index) => values.set(band, index * pixels));
  }
  const dims = last ? [image.height, image.width, bands.length] : [bands.length, image.height, image.width];
  return { values, dims: shape.length === 4 ? [1, ...dims] : dims };
}

/** Numbers filling a signature shape: its -1 dimensions are 1, but the last of them takes what the numbers need. */
function numbersTensor(input) {
  let numbers;
  try {
    numbers = JSON.parse(fs.readFileSync(input.file, 'utf8'));
  } catch {
    refuse(`Input ${labelOf(input)}: its numbers cannot be read.`);
  }
  const shape = input.shape.length > 0 ? [...input.shape] : [numbers.length];
  const open = shape.flatMap((dimension, index) => (dimension < 0 ? [index] : []));
  open.forEach((index) => (shape[index] = 1));
  if (open.length > 0) {
    const rest = sizeOf(shape);
    if (numbers.length % rest !== 0) refuse(`Input ${labelOf(input)}: ${numbers.length} numbers do not fill the shape [${input.shape.join(', ')}].`);
    shape[open.at(-1)] = numbers.length / rest;
  }
  if (sizeOf(shape) !== numbers.length)
    refuse(`Input ${labelOf(input)}: the model takes ${sizeOf(shape)} numbers (shape [${input.shape.join(', ')}]); ${numbers.length} were given.`);
  return { values: Float32Array.from(numbers), dims: shape };
}

/** A tensor as a NumPy .npy file (format 1.0), which numpy.load reads. */
function npy(tensor) {
  const descr = { float32: '<f4', float64: '<f8', int64: '<i8', int32: '<i4', int16: '<i2', int8: '|i1', uint8: '|u1', uint16: '<u2', bool: '|b1' }[
    tensor.type
  ];
  if (!descr) return undefined;
  const dims = tensor.dims.map(Number);
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${dims.join(', ')}${dims.length === 1 ? ',' : ''}), }`;
  // the header (with magic, version and its length) ends in a newline on a 64-byte boundary
  header += ' '.repeat(64 - ((10 + header.length + 1) % 64)) + '\n';
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(header.length, 8);
  const data = tensor.data;
  return Buffer.concat([prefix, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
}

const INTEGER_TYPES = new Set(['uint8', 'int8', 'uint16', 'int16', 'int32', 'int64']);
const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
/** Colours people expect for well-known classes, by name. */
const NAMED = [
  [/water|sea|river|lake/i, '#2f6fd6'],
  [/veget|forest|tree|grass|crop|green/i, '#3a9b3a'],
  [/bare|soil|sand|rock|desert/i, '#c9a86a'],
  [/urban|built|building|road/i, '#d04a4a'],
  [/snow|ice|cloud/i, '#e8eef2'],
];

/** The classes of a class map: the item's (`classification:classes`), else the values found (at most 32). */
function classesOf(output, values) {
  if (output?.classes?.length) return output.classes;
  const found = [...new Set(values)].sort((a, b) => a - b);
  return found.length <= 32 ? found.map((value) => ({ value, name: `class ${value}` })) : undefined;
}

const colourOf = (entry, index) =>
  entry.color ? `#${String(entry.color).replace(/^#/, '')}` : (NAMED.find(([pattern]) => pattern.test(entry.name))?.[1] ?? PALETTE[index % PALETTE.length]);
const rgb = (hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** A class map as a PNG: each class in its colour, the legend (colour, value, name, share of pixels) below. */
async function classMapPicture(file, values, width, height, classes, shares) {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / MAX_PICTURE));
  const scale = step > 1 ? 1 : Math.max(1, Math.min(8, Math.floor(512 / Math.max(width, height))));
  const mapWidth = Math.ceil(width / step) * scale;
  const mapHeight = Math.ceil(height / step) * scale;
  const row = 24;
  const legendHeight = 16 + classes.length * row;
  const pictureWidth = Math.max(mapWidth, 320);
  const picture = PImage.make(pictureWidth, mapHeight + legendHeight);
  const context = picture.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, pictureWidth, mapHeight + legendHeight);
  const colours = new Map(classes.map((entry, index) => [Number(entry.value), rgb(colourOf(entry, index))]));
  const data = picture.data;
  for (let y = 0; y < mapHeight; y++) {
    const sourceRow = Math.min(height - 1, Math.floor(y / scale) * step) * width;
    for (let x = 0; x < mapWidth; x++) {
      const [r, g, b] = colours.get(Number(values[sourceRow + Math.min(width - 1, Math.floor(x / scale) * step)])) ?? [0, 0, 0];
      const at = (y * pictureWidth + x) * 4;
      data[at] = r;
      data[at + 1] = g;
      data[at + 2] = b;
      data[at + 3] = 255;
    }
  }
  const font = PImage.registerFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), 'DejaVu Sans');
  font.loadSync();
  context.font = "11pt 'DejaVu Sans'";
  classes.forEach((entry, index) => {
    const top = mapHeight + 8 + index * row;
    context.fillStyle = colourOf(entry, index);
    context.fillRect(8, top + 3, 16, 16);
    context.fillStyle = '#222222';
    context.fillText(`${entry.value}  ${entry.name}  ${shares.get(Number(entry.value)) ?? '0.0'} %`, 32, top + 17);
  });
  await PImage.encodePNGToStream(picture, fs.createWriteStream(file));
}

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const feeds = {};
let geoInput;
for (const input of job.inputs) {
  let tensor;
  if (input.kind === 'image') {
    const image = await readImage(input);
    tensor = imageTensor(input, image);
    if (image.geo && !geoInput) geoInput = image;
    log(
      `input ${input.name}: ${input.fileName ?? input.fileType}, ${image.width} × ${image.height} pixels, ${image.bands.length} bands → [${tensor.dims.join(', ')}]`,
    );
  } else {
    tensor = numbersTensor(input);
    log(`input ${input.name}: ${tensor.values.length} numbers → [${tensor.dims.join(', ')}]`);
  }
  feeds[input.name] = new ort.Tensor('float32', tensor.values, tensor.dims);
}

let session;
try {
  session = await ort.InferenceSession.create(job.model, { intraOpNumThreads: job.threads ?? 1, interOpNumThreads: 1 });
} catch (error) {
  refuse(`The model cannot be loaded by onnxruntime: ${error.message}`);
}
const unknown = Object.keys(feeds).filter((name) => !session.inputNames.includes(name));
if (unknown.length > 0) refuse(`The model has no input ${unknown.join(', ')} (its inputs: ${session.inputNames.join(', ')}).`);
const missing = session.inputNames.filter((name) => !(name in feeds));
if (missing.length > 0) refuse(`The model needs the input${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
const started = performance.now();
let results;
try {
  results = await session.run(feeds);
} catch (error) {
  refuse(`The model refused the inputs: ${error.message}`);
}
log(`inference: ${((performance.now() - started) / 1000).toFixed(2)} s`);

fs.mkdirSync(job.outDir, { recursive: true });
const outputs = {};
for (const name of session.outputNames) {
  const tensor = results[name];
  const base = safeName(name);
  const file = npy(tensor);
  if (file) {
    fs.writeFileSync(path.join(job.outDir, `${base}.npy`), file);
    outputs[name] = `${base}.npy`;
  }
  log(`output ${name}: ${DATATYPE[tensor.type] ?? tensor.type} [${protocolShape(tensor.dims).join(', ')}]`);
  // a class map: an integer tensor that is one map once its leading single dimensions go
  const dims = tensor.dims.map(Number);
  while (dims.length > 2 && dims[0] === 1) dims.shift();
  if (!INTEGER_TYPES.has(tensor.type) || dims.length !== 2) continue;
  const [height, width] = dims;
  const values = tensor.type === 'int64' ? Array.from(tensor.data, Number) : tensor.data;
  const classes = classesOf(
    job.outputs.find((output) => output.name === name),
    values,
  );
  if (!classes) continue;
  const counts = new Map();
  for (const value of values) counts.set(Number(value), (counts.get(Number(value)) ?? 0) + 1);
  const shares = new Map([...counts].map(([value, count]) => [value, ((100 * count) / values.length).toFixed(1)]));
  await classMapPicture(path.join(job.outDir, `${base}.png`), values, width, height, classes, shares);
  outputs[`${name}_png`] = `${base}.png`;
  outputs[`${name}_share`] = classes.map((entry) => `${entry.name} ${shares.get(Number(entry.value)) ?? '0.0'} %`).join(', ');
  log(`${name}: ${outputs[`${name}_share`]}`);
  if (geoInput && geoInput.width === width && geoInput.height === height) {
    const { geo } = geoInput;
    const metadata = {
      width,
      height,
      ...(geo.ModelTransformation ? { ModelTransformation: Array.from(geo.ModelTransformation) } : {}),
      ...(geo.ModelPixelScale ? { ModelPixelScale: Array.from(geo.ModelPixelScale) } : {}),
      ...(geo.ModelTiepoint ? { ModelTiepoint: Array.from(geo.ModelTiepoint) } : {}),
      ...geo.geoKeys,
    };
    const bytes = writeArrayBuffer(
      Uint8Array.from(values, (value) => Math.max(0, Math.min(255, Number(value)))),
      metadata,
    );
    fs.writeFileSync(path.join(job.outDir, `${base}.tif`), Buffer.from(bytes));
    outputs[`${name}_geotiff`] = `${base}.tif`;
  }
}
fs.writeFileSync(job.outputsFile, JSON.stringify(outputs));
log(`outputs: ${Object.keys(outputs).join(', ')}`);

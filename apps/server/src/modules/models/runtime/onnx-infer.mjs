// Runs an ONNX model once with onnxruntime-node (CPU): the model inference of the portal's model
// executions (docs/models.md "Inference"). A separate Node process, so that the engine can run it
// in its task sandbox and a model that crashes the runtime takes only this process with it.
//
//   node onnx-infer.mjs MODEL.onnx REQUEST.json OUT_DIR
//
// REQUEST.json: {"inputs": [{"name", "shape", "datatype": "FP32", "data": [numbers] | "file": "x.f32"}]}
// (an input's data inline, or as a file of little-endian float32 values beside REQUEST.json).
// Writes OUT_DIR/response.json: {"model_name", "outputs": [{"name", "shape", "datatype", "file"}]}
// and each output's values to OUT_DIR/{name}.bin (the tensor's raw little-endian bytes).
// Exit codes: 0 done, 2 bad request (message on stderr), 1 the runtime failed.
import fs from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { DATATYPE, sizeOf, typedValues, TYPES } from './tensors.mjs';

function refuse(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const [modelPath, requestPath, outDir] = process.argv.slice(2);
if (!modelPath || !requestPath || !outDir) refuse('usage: onnx-infer.mjs MODEL.onnx REQUEST.json OUT_DIR');
const request = JSON.parse(fs.readFileSync(requestPath, 'utf8'));
const threads = Number(process.env.ASB_CPUS) || 1;
const session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: threads, interOpNumThreads: 1 });

const feeds = {};
for (const input of request.inputs ?? []) {
  if (!session.inputNames.includes(input.name)) refuse(`The model has no input "${input.name}" (its inputs: ${session.inputNames.join(', ')}).`);
  const type = TYPES[input.datatype ?? 'FP32'];
  if (!type) refuse(`Input "${input.name}": datatype ${input.datatype} is not supported.`);
  const [name, TypedArray] = type;
  let values;
  if (typeof input.file === 'string') {
    const bytes = fs.readFileSync(path.resolve(path.dirname(requestPath), path.basename(input.file)));
    values = new TypedArray(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } else {
    try {
      values = typedValues(name, TypedArray, input.data ?? []);
    } catch (error) {
      refuse(`Input "${input.name}": ${error.message}.`);
    }
  }
  const size = sizeOf(input.shape);
  if (values.length !== size) refuse(`Input "${input.name}": ${values.length} values do not fill the shape [${input.shape.join(', ')}] (${size}).`);
  feeds[input.name] = new ort.Tensor(name, values, input.shape);
}
const missing = session.inputNames.filter((name) => !(name in feeds));
if (missing.length > 0) refuse(`Missing input ${missing.map((name) => `"${name}"`).join(', ')}.`);

let results;
try {
  results = await session.run(feeds);
} catch (error) {
  refuse(`The model refused the inputs: ${error.message}`);
}
fs.mkdirSync(outDir, { recursive: true });
const outputs = [];
for (const name of session.outputNames) {
  const tensor = results[name];
  const file = `${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.bin`;
  fs.writeFileSync(path.join(outDir, file), Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
  outputs.push({ name, shape: tensor.dims, datatype: DATATYPE[tensor.type] ?? tensor.type, file });
}
fs.writeFileSync(path.join(outDir, 'response.json'), JSON.stringify({ model_name: path.basename(modelPath, '.onnx'), outputs }));

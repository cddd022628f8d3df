// A model as a service: an Open Inference Protocol v2 REST server (KServe's data plane) for one
// ONNX model, loaded once, in a Node process of its own (docs/models.md "Model as a service").
//
//   node onnx-serve.mjs MODEL.onnx NAME VERSION PORT [HOST]
//   node onnx-serve.mjs MODEL.onnx NAME VERSION /path/of/a.sock
//
// Prints one JSON line {"listening": port} (or the socket's path) on stdout once the model is
// loaded and the port (or the Unix socket, which the portal's proxy reaches from outside the
// task sandbox) open (PORT 0: any free port). Answers /v2/health/live, /v2/health/ready, /v2 (server metadata),
// /v2/models/{name}[/versions/{version}] (model metadata), .../ready and .../infer (JSON tensors, or
// the binary tensor data extension: Inference-Header-Content-Length, binary_data_size,
// binary_data / binary_data_output); every error is the protocol's {"error": "..."} body with a
// 4xx status. Stops on SIGTERM or SIGINT.
import http from 'node:http';
import ort from 'onnxruntime-node';
import { readBody } from './request-body.mjs';
import { parseInferenceRequest, RequestSyntaxError, ScannedData } from './tensor-json.mjs';
import { DATATYPE, jsonValues, protocolShape, sizeOf, TYPES } from './tensors.mjs';

const [modelPath, modelName, modelVersion, portText, host = '127.0.0.1'] = process.argv.slice(2);
if (!modelPath || !modelName || !modelVersion || portText === undefined) {
  process.stderr.write('usage: onnx-serve.mjs MODEL.onnx NAME VERSION PORT [HOST]\n');
  process.exit(2);
}
/** A request body is a tensor or a few, not a dump. */
const MAX_BODY = Number(process.env.ASB_MAX_REQUEST_MB || 64) * 1024 * 1024;
const SERVER = { name: 'asb-onnx', version: '1.0' };

let session;
try {
  session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: Number(process.env.ASB_CPUS) || 1, interOpNumThreads: 1 });
} catch (error) {
  // the service's reason, as its owner reads it
  process.stderr.write(`asb_model: The model cannot be loaded by onnxruntime: ${error.message}\n`);
  process.exit(2);
}
const describe = (metadata) => ({
  name: metadata.name,
  datatype: DATATYPE[metadata.type] ?? String(metadata.type).toUpperCase(),
  shape: protocolShape(metadata.shape),
});
const inputs = new Map(session.inputMetadata.map((metadata) => [metadata.name, describe(metadata)]));
const outputs = session.outputMetadata.map(describe);

class ProtocolError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The model's tensors from an inference request: each input named, typed and shaped as the model
 * takes it; its values in `data`, or (the binary tensor data extension) `binary_data_size` bytes
 * of the request's binary part, in the order of the inputs.
 */
function feedsOf(body, binary) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ProtocolError(400, 'The request must be a JSON object with "inputs".');
  if (!Array.isArray(body.inputs) || body.inputs.length === 0) throw new ProtocolError(400, 'The request has no "inputs".');
  const feeds = {};
  for (const input of body.inputs) {
    if (typeof input !== 'object' || input === null || typeof input.name !== 'string') throw new ProtocolError(400, 'Every input needs a "name".');
    const expected = inputs.get(input.name);
    if (!expected) throw new ProtocolError(400, `Unexpected input "${input.name}": the model's inputs are ${[...inputs.keys()].join(', ')}.`);
    if (input.name in feeds) throw new ProtocolError(400, `Input "${input.name}" is given twice.`);
    if (input.datatype !== expected.datatype)
      throw new ProtocolError(400, `Input "${input.name}": datatype ${input.datatype} given, the model takes ${expected.datatype}.`);
    const shape = input.shape;
    if (!Array.isArray(shape) || !shape.every((dimension) => Number.isInteger(dimension) && dimension >= 0))
      throw new ProtocolError(400, `Input "${input.name}": "shape" must be a list of whole numbers.`);
    if (shape.length !== expected.shape.length || shape.some((dimension, index) => expected.shape[index] !== -1 && expected.shape[index] !== dimension))
      throw new ProtocolError(400, `Input "${input.name}": shape [${shape.join(', ')}] does not fit the model's [${expected.shape.join(', ')}].`);
    if (!TYPES[expected.datatype])
      throw new ProtocolError(400, `Input "${input.name}": the model takes ${expected.datatype}, which this service does not take.`);
    const [type, TypedArray] = TYPES[expected.datatype];
    const binarySize = input.parameters?.binary_data_size;
    if (binarySize !== undefined) {
      if (!Number.isInteger(binarySize) || binarySize < 0) throw new ProtocolError(400, `Input "${input.name}": binary_data_size must be a whole number.`);
      if (binary.offset + binarySize > binary.bytes.length)
        throw new ProtocolError(400, `Input "${input.name}": the binary data ends before its ${binarySize} bytes.`);
      if (binarySize !== sizeOf(shape) * TypedArray.BYTES_PER_ELEMENT)
        throw new ProtocolError(400, `Input "${input.name}": ${binarySize} bytes do not fill the shape [${shape.join(', ')}] of ${expected.datatype}.`);
      const start = binary.bytes.byteOffset + binary.offset;
      // the request's own bytes when aligned for the type, else a copy
      const values =
        start % TypedArray.BYTES_PER_ELEMENT === 0
          ? new TypedArray(binary.bytes.buffer, start, binarySize / TypedArray.BYTES_PER_ELEMENT)
          : new TypedArray(Uint8Array.from(binary.bytes.subarray(binary.offset, binary.offset + binarySize)).buffer);
      binary.offset += binarySize;
      feeds[input.name] = new ort.Tensor(type, values, shape);
      continue;
    }
    if (!(input.data instanceof ScannedData)) throw new ProtocolError(400, `Input "${input.name}": "data" must be a list.`);
    let values;
    try {
      values = input.data.typed(type, TypedArray);
    } catch (error) {
      throw new ProtocolError(400, `Input "${input.name}": ${error.message}.`);
    }
    if (values.length !== sizeOf(shape))
      throw new ProtocolError(400, `Input "${input.name}": ${values.length} values do not fill the shape [${shape.join(', ')}].`);
    feeds[input.name] = new ort.Tensor(type, values, shape);
  }
  const missing = [...inputs.keys()].filter((name) => !(name in feeds));
  if (missing.length > 0) throw new ProtocolError(400, `Missing input ${missing.map((name) => `"${name}"`).join(', ')}.`);
  if (binary.offset !== binary.bytes.length) throw new ProtocolError(400, 'The binary data is longer than the inputs say.');
  return feeds;
}

/** Whether an output is answered as binary data: asked for it, or for every output (binary_data_output). */
const binaryOutput = (body, name) =>
  (Array.isArray(body.outputs) && body.outputs.some((output) => output?.name === name && output.parameters?.binary_data === true)) ||
  body.parameters?.binary_data_output === true;

/** One inference at a time: the runtime's call is synchronous, and the threads are the service's. */
let queue = Promise.resolve();
function infer(body, binary) {
  const feeds = feedsOf(body, binary);
  const wanted = Array.isArray(body.outputs) ? body.outputs.map((output) => output?.name) : undefined;
  const unknown = (wanted ?? []).filter((name) => !outputs.some((output) => output.name === name));
  if (unknown.length > 0) throw new ProtocolError(400, `Unknown output ${unknown.map((name) => `"${name}"`).join(', ')}.`);
  const run = queue.then(async () => {
    let results;
    try {
      results = await session.run(feeds);
    } catch (error) {
      throw new ProtocolError(400, `The model could not run on these inputs: ${error.message}`);
    }
    const parts = [];
    const answered = outputs
      .filter((output) => !wanted || wanted.includes(output.name))
      .map((output) => {
        const tensor = results[output.name];
        const described = { name: output.name, datatype: DATATYPE[tensor.type] ?? output.datatype, shape: [...tensor.dims] };
        if (!binaryOutput(body, output.name)) return { ...described, data: jsonValues(tensor.data) };
        parts.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
        return { ...described, parameters: { binary_data_size: tensor.data.byteLength } };
      });
    const header = { model_name: modelName, model_version: modelVersion, ...(typeof body.id === 'string' ? { id: body.id } : {}), outputs: answered };
    return parts.length > 0 ? { header, binary: parts } : header;
  });
  queue = run.catch(() => undefined);
  return run;
}

const send = (response, status, body) => {
  if (body?.binary) {
    const header = Buffer.from(JSON.stringify(body.header));
    response.writeHead(status, {
      'content-type': 'application/octet-stream',
      'inference-header-content-length': header.length,
      'content-length': body.binary.reduce((total, part) => total + part.length, header.length),
    });
    // the tensors' own bytes, not a copy
    response.write(header);
    for (const part of body.binary) response.write(part);
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

async function answer(request) {
  const url = new URL(request.url ?? '/', 'http://service');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (request.method === 'GET' && path === '/v2/health/live') return [200, { live: true }];
  if (request.method === 'GET' && path === '/v2/health/ready') return [200, { ready: true }];
  if (request.method === 'GET' && path === '/v2') return [200, { ...SERVER, extensions: ['binary_tensor_data'] }];
  const match = /^\/v2\/models\/([^/]+)(?:\/versions\/([^/]+))?(\/ready|\/infer)?$/.exec(path);
  if (!match) throw new ProtocolError(404, `No such path: ${path}.`);
  const [, rawName, rawVersion, action] = match;
  const decode = (text) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return undefined;
    }
  };
  const name = decode(rawName);
  const version = rawVersion === undefined ? undefined : decode(rawVersion);
  if (name !== modelName || (rawVersion !== undefined && version !== modelVersion))
    throw new ProtocolError(
      404,
      `No model "${name ?? rawName}"${rawVersion !== undefined ? ` version "${version ?? rawVersion}"` : ''} here: this service serves "${modelName}" version "${modelVersion}".`,
    );
  if (action === '/infer') {
    if (request.method !== 'POST') throw new ProtocolError(405, 'Inference is a POST.');
    const raw = await readBody(request, MAX_BODY).catch((error) => {
      throw new ProtocolError(error.status ?? 400, error.message);
    });
    // the binary tensor data extension: a JSON header of this many bytes, then the tensors' bytes
    const headerLength = request.headers['inference-header-content-length'];
    const jsonLength = headerLength === undefined ? raw.length : Number(headerLength);
    if (!Number.isInteger(jsonLength) || jsonLength < 0 || jsonLength > raw.length)
      throw new ProtocolError(400, 'Inference-Header-Content-Length must be the length of the JSON header.');
    let body;
    try {
      body = parseInferenceRequest(raw.subarray(0, jsonLength));
    } catch (error) {
      if (error instanceof RequestSyntaxError) throw new ProtocolError(400, error.message);
      throw error;
    }
    return [200, await infer(body, { bytes: raw.subarray(jsonLength), offset: 0 })];
  }
  if (request.method !== 'GET') throw new ProtocolError(405, `${request.method} is not answered here.`);
  if (action === '/ready') return [200, { name: modelName, ready: true }];
  return [200, { name: modelName, versions: [modelVersion], platform: 'onnxruntime_onnx', inputs: [...inputs.values()], outputs }];
}

const server = http.createServer((request, response) => {
  answer(request).then(
    ([status, body]) => send(response, status, body),
    (error) => {
      if (error instanceof ProtocolError) {
        // a refused upload is not read to its end: the connection goes with the answer
        if (error.status === 413) response.setHeader('connection', 'close');
        send(response, error.status, { error: error.message });
      } else send(response, 500, { error: 'The service failed.' });
    },
  );
});
const onListening = () =>
  process.stdout.write(`${JSON.stringify({ listening: typeof server.address() === 'string' ? server.address() : server.address().port })}\n`);
if (portText.startsWith('/')) server.listen(portText, onListening);
else server.listen(Number(portText), host, onListening);
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // requests still in flight get a moment, then their connections go too
  setTimeout(() => server.closeAllConnections(), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// The body of a request to the model service (onnx-serve.mjs), read once into one buffer.

/** A refused body, with the status of its answer. */
export class BodyError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The tensors' widest element (FP64, INT64): binary tensor data starting at a multiple of it is viewed in place. */
const ALIGN = 8;

/**
 * The request's body as a Buffer, refused with a 413 past `max` bytes: by its Content-Length at
 * once (the rest is drained, not kept), else as it grows. With a Content-Length the bytes land in
 * a buffer of that length allocated up front — no list of chunks concatenated afterwards — placed
 * so that the binary part after the JSON header (Inference-Header-Content-Length) starts at an
 * 8-byte boundary: its first tensor is then a typed array over these very bytes, never a copy.
 */
export function readBody(request, max) {
  const tooLarge = () => new BodyError(413, `The request is larger than ${max / 1024 / 1024} MB.`);
  const declared = request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']);
  if (declared !== undefined && declared > max) {
    request.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    if (declared !== undefined && Number.isSafeInteger(declared) && declared >= 0) {
      const headerLength = Number(request.headers['inference-header-content-length']);
      const pad = Number.isSafeInteger(headerLength) && headerLength >= 0 ? (ALIGN - (headerLength % ALIGN)) % ALIGN : 0;
      const body = Buffer.from(new ArrayBuffer(pad + declared), pad, declared);
      let size = 0;
      // Node's parser delivers exactly Content-Length bytes, or an aborted request ('error')
      request.on('data', (chunk) => {
        size += chunk.copy(body, size);
      });
      request.on('end', () => (size === declared ? resolve(body) : reject(new BodyError(400, 'The request ended before its Content-Length.'))));
      return;
    }
    const chunks = [];
    let size = 0;
    const collect = (chunk) => {
      size += chunk.length;
      if (size <= max) return chunks.push(chunk);
      request.off('data', collect);
      request.resume();
      chunks.length = 0;
      reject(tooLarge());
    };
    request.on('data', collect);
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

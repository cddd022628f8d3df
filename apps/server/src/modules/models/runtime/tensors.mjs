// Tensor helpers shared by the ONNX runtime scripts (onnx-infer.mjs, onnx-serve.mjs): the Open
// Inference Protocol's datatypes and onnxruntime's tensor types, both ways.

/** OIP datatype → [onnxruntime tensor type, typed array]. */
export const TYPES = {
  FP32: ['float32', Float32Array],
  FP64: ['float64', Float64Array],
  INT64: ['int64', BigInt64Array],
  INT32: ['int32', Int32Array],
  INT16: ['int16', Int16Array],
  INT8: ['int8', Int8Array],
  UINT8: ['uint8', Uint8Array],
  UINT16: ['uint16', Uint16Array],
  BOOL: ['bool', Uint8Array],
};

/** onnxruntime tensor type → OIP datatype. */
export const DATATYPE = Object.fromEntries(Object.entries(TYPES).map(([datatype, [type]]) => [type, datatype]));

/** A shape as the protocol states it: symbolic or unknown dimensions are -1. */
export const protocolShape = (shape) => Array.from(shape ?? [], (dimension) => (typeof dimension === 'number' && dimension >= 0 ? dimension : -1));

export const sizeOf = (shape) => shape.reduce((product, dimension) => product * dimension, 1);

/** Plain JSON values of a tensor's data (bigints as numbers). */
export const jsonValues = (data) => Array.from(data, (value) => (typeof value === 'bigint' ? Number(value) : value));

/**
 * A tensor's values from JSON data (flat or nested), typed: throws an Error saying why when the
 * data is nested too deeply, holds something that is not a number, or an integer tensor a value
 * that is not a finite number.
 */
export function typedValues(type, TypedArray, data) {
  let flat;
  try {
    flat = data.flat(Infinity);
  } catch {
    throw new Error('the data is nested too deeply');
  }
  return TypedArray.from(flat, (value) => {
    if (typeof value !== 'number' && typeof value !== 'boolean') throw new Error('every value must be a number');
    if (type === 'int64') {
      if (!Number.isFinite(Number(value))) throw new Error('every value of an integer tensor must be a finite number');
      return BigInt(Math.trunc(Number(value)));
    }
    return Number(value);
  });
}

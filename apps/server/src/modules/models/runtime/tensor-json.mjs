// The JSON of an inference request (Open Inference Protocol v2), parsed without a JS array of
// numbers per tensor: each input's `data` (flat or nested, row-major) is scanned byte by byte
// straight into a typed array — the model's own when the input's datatype and shape come before
// its data, as clients write them — and every other part of the request by JSON.parse. A JS
// array of numbers costs ~16 bytes and an allocation per value, then a second pass to type it;
// at batch 32 that was a third of the service's time (docs/models.md "Model as a service").
import { sizeOf, TYPES } from './tensors.mjs';

/** Nesting of a tensor's data deeper than any tensor the runtime takes. */
const MAX_DATA_DEPTH = 32;
/**
 * Where a parsed number is exact: Clinger's fast path (an integer mantissa below 2^53 times an
 * exact power of ten, one correctly rounded operation); a mantissa at this bound takes no digit more.
 */
const MANTISSA_BOUND = 900_719_925_474_099;
const POW10 = Array.from({ length: 23 }, (_, power) => 10 ** power);

export class RequestSyntaxError extends Error {}

/**
 * A tensor's values as scanned: `count` of them in `values` (the model's typed array, or
 * float64 when the datatype was not known yet or the values overflowed the shape), or `error`
 * saying why they cannot be a tensor's.
 */
export class ScannedData {
  constructor(values, count, error) {
    this.values = values;
    this.count = count;
    this.error = error;
  }

  /** The values in `TypedArray`, throwing an Error saying why when they cannot be. */
  typed(type, TypedArray) {
    if (this.error) throw new Error(this.error);
    const values = this.values.length === this.count ? this.values : this.values.subarray(0, this.count);
    if (values instanceof TypedArray) return values;
    if (type !== 'int64') return new TypedArray(values);
    return BigInt64Array.from(values, (value) => {
      if (!Number.isFinite(value)) throw new Error('every value of an integer tensor must be a finite number');
      return BigInt(Math.trunc(value));
    });
  }
}

const isSpace = (byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const isDigit = (byte) => byte >= 0x30 && byte <= 0x39;

/**
 * Parses an inference request's bytes (a Buffer): a value as JSON.parse would give it, save
 * that each `inputs[i].data` that is a list is a ScannedData. Throws RequestSyntaxError when the
 * bytes are not JSON.
 */
export function parseInferenceRequest(bytes) {
  const parser = new Parser(bytes);
  const value = parser.root();
  parser.skipSpace();
  if (parser.at !== bytes.length) throw parser.syntax();
  return value;
}

class Parser {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }

  syntax() {
    return new RequestSyntaxError(`The request is not JSON (at byte ${this.at}).`);
  }

  skipSpace() {
    while (this.at < this.bytes.length && isSpace(this.bytes[this.at])) this.at++;
  }

  /** The request: an object whose "inputs" is read input by input; anything else is JSON.parse's. */
  root() {
    this.skipSpace();
    if (this.bytes[this.at] !== 0x7b) return this.plain();
    return this.object((key, value) => (key === 'inputs' && this.bytes[this.at] === 0x5b ? this.inputs() : value()));
  }

  inputs() {
    const list = [];
    this.at++;
    this.skipSpace();
    if (this.bytes[this.at] === 0x5d) {
      this.at++;
      return list;
    }
    for (;;) {
      this.skipSpace();
      list.push(this.bytes[this.at] === 0x7b ? this.input() : this.plain());
      this.skipSpace();
      const next = this.bytes[this.at++];
      if (next === 0x5d) return list;
      if (next !== 0x2c) throw this.syntax();
    }
  }

  input() {
    const input = {};
    return this.object((key, value) => (key === 'data' && this.bytes[this.at] === 0x5b ? this.data(input) : value()), input);
  }

  /** An object from `{`, each member's value by `member(key, plainValue)`. */
  object(member, target = {}) {
    this.at++;
    this.skipSpace();
    if (this.bytes[this.at] === 0x7d) {
      this.at++;
      return target;
    }
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.at] !== 0x22) throw this.syntax();
      const key = this.plain();
      if (typeof key !== 'string') throw this.syntax();
      this.skipSpace();
      if (this.bytes[this.at++] !== 0x3a) throw this.syntax();
      this.skipSpace();
      // as JSON.parse: "__proto__" is a plain member, not the object's prototype
      Object.defineProperty(target, key, { value: member(key, () => this.plain()), writable: true, enumerable: true, configurable: true });
      this.skipSpace();
      const next = this.bytes[this.at++];
      if (next === 0x7d) return target;
      if (next !== 0x2c) throw this.syntax();
    }
  }

  /** The next value by JSON.parse, from its extent (strings skipped, brackets counted). */
  plain() {
    const start = this.at;
    this.at = this.endOf(start);
    try {
      return JSON.parse(this.bytes.toString('utf8', start, this.at));
    } catch {
      this.at = start;
      throw this.syntax();
    }
  }

  /** Where the value starting at `start` ends (not validated: JSON.parse does that). */
  endOf(start) {
    const { bytes } = this;
    let at = start;
    let depth = 0;
    for (;;) {
      const byte = bytes[at];
      if (byte === undefined) {
        if (depth > 0) throw this.syntax();
        return at;
      }
      if (byte === 0x22) {
        at++;
        while (at < bytes.length && bytes[at] !== 0x22) at += bytes[at] === 0x5c ? 2 : 1;
        if (at >= bytes.length) throw this.syntax();
        at++;
        if (depth === 0) return at;
      } else if (byte === 0x5b || byte === 0x7b) {
        depth++;
        at++;
      } else if (byte === 0x5d || byte === 0x7d) {
        if (depth === 0) return at;
        depth--;
        at++;
        if (depth === 0) return at;
      } else if (depth === 0 && (byte === 0x2c || isSpace(byte))) return at;
      else at++;
    }
  }

  /**
   * An input's `data` from its `[`: numbers (and booleans, as 1 and 0) in row-major order at any
   * nesting, into the model's typed array when the input already said its datatype and shape.
   */
  data(input) {
    const start = this.at;
    const known = TYPES[input.datatype];
    const shape = input.shape;
    const size =
      known && known[0] !== 'int64' && Array.isArray(shape) && shape.every((dimension) => Number.isInteger(dimension) && dimension >= 0)
        ? sizeOf(shape)
        : undefined;
    // a shape no rest of this body could fill (each value takes two bytes at least) is not allocated: the count refuses it
    const exact = size !== undefined && size <= (this.bytes.length - start) / 2 + 1;
    let values = exact ? new known[1](size) : new Float64Array(1024);
    let count = 0;
    const push = (value) => {
      if (count === values.length) {
        // more values than the shape holds (the count says so later) or a float64 buffer full
        const grown = new Float64Array(Math.max(1024, values.length * 2));
        grown.set(values);
        values = grown;
      }
      values[count++] = value;
    };
    const { bytes } = this;
    let depth = 0;
    // after `[` a value or `]`; after `,` a value; after a value `,` or `]`
    let state = 'open';
    while (this.at < bytes.length) {
      const byte = bytes[this.at];
      if (isSpace(byte)) {
        this.at++;
      } else if (state === 'after') {
        if (byte === 0x2c) state = 'value';
        else if (byte === 0x5d) depth--;
        else throw this.syntax();
        this.at++;
        if (depth === 0) return new ScannedData(values, count);
      } else if (byte === 0x5b) {
        if (++depth > MAX_DATA_DEPTH) return this.refused(start, 'the data is nested too deeply');
        state = 'open';
        this.at++;
      } else if (byte === 0x5d && state === 'open') {
        depth--;
        state = 'after';
        this.at++;
        if (depth === 0) return new ScannedData(values, count);
      } else if (byte === 0x2d || isDigit(byte)) {
        const value = this.number();
        if (count < values.length) values[count++] = value;
        else push(value);
        state = 'after';
      } else if (this.literal('true')) {
        push(1);
        state = 'after';
      } else if (this.literal('false')) {
        push(0);
        state = 'after';
      } else if (byte === 0x22 || byte === 0x7b || this.literal('null')) {
        return this.refused(start, 'every value must be a number');
      } else throw this.syntax();
    }
    throw this.syntax();
  }

  /** Data that cannot be a tensor's: skipped to its end, the reason kept for the input's error. */
  refused(start, reason) {
    this.at = this.endOf(start);
    return new ScannedData(new Float64Array(0), 0, reason);
  }

  literal(word) {
    for (let index = 0; index < word.length; index++) if (this.bytes[this.at + index] !== word.charCodeAt(index)) return false;
    this.at += word.length;
    return true;
  }

  /** A JSON number at `at`: exact by the fast path, else by Number() of its text (JSON's grammar checked). */
  number() {
    const { bytes } = this;
    const start = this.at;
    let at = start;
    const negative = bytes[at] === 0x2d;
    if (negative) at++;
    let mantissa = 0;
    let exact = true;
    let scale = 0;
    if (bytes[at] === 0x30) at++;
    else if (isDigit(bytes[at])) {
      while (isDigit(bytes[at])) {
        if (mantissa < MANTISSA_BOUND) mantissa = mantissa * 10 + (bytes[at] - 0x30);
        else exact = false;
        at++;
      }
    } else throw this.syntax();
    if (bytes[at] === 0x2e) {
      at++;
      if (!isDigit(bytes[at])) throw this.syntax();
      while (isDigit(bytes[at])) {
        if (mantissa < MANTISSA_BOUND) {
          mantissa = mantissa * 10 + (bytes[at] - 0x30);
          scale--;
        } else exact = false;
        at++;
      }
    }
    if (bytes[at] === 0x65 || bytes[at] === 0x45) {
      at++;
      let sign = 1;
      if (bytes[at] === 0x2b || bytes[at] === 0x2d) sign = bytes[at++] === 0x2d ? -1 : 1;
      if (!isDigit(bytes[at])) throw this.syntax();
      let exponent = 0;
      while (isDigit(bytes[at])) {
        if (exponent < 100_000) exponent = exponent * 10 + (bytes[at] - 0x30);
        at++;
      }
      scale += sign * exponent;
    }
    this.at = at;
    if (exact && scale >= -22 && scale <= 22) {
      const value = scale < 0 ? mantissa / POW10[-scale] : mantissa * POW10[scale];
      return negative ? -value : value;
    }
    return Number(bytes.latin1Slice(start, at));
  }
}

import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.csv': 'text/csv',
  '.txt': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** A file (or the range of it asked for) to answer: the datastore's StoredFile. */
export interface FileToSend {
  size: number;
  body: Readable;
  range?: { start: number; end: number };
}

/**
 * Answers a stored file inline under `name`, with its type from the extension: 206 with
 * Content-Range for a range, else 200; `Accept-Ranges: bytes` either way, so GDAL's
 * /vsicurl/ or a tile server can read it piecewise (execution files, catalogue assets).
 */
export function sendFile(reply: FastifyReply, file: FileToSend, name: string): FastifyReply {
  reply.header('accept-ranges', 'bytes');
  reply.header('content-disposition', `inline; filename="${name.replace(/["\\\r\n]/g, '')}"`);
  reply.type(CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream');
  if (file.range) {
    reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
    reply.header('content-length', file.range.end - file.range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  return reply.send(file.body);
}

import zlib from 'node:zlib';

export interface TarEntry {
  name: string;
  content?: string | Buffer;
  type?: 'file' | 'dir' | 'symlink' | 'hardlink';
  linkname?: string;
}

const TYPE_FLAGS = { file: '0', dir: '5', symlink: '2', hardlink: '1' } as const;

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => block.write(text, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  put(entry.name, 0, 100);
  put(octal(entry.type === 'dir' ? 0o755 : 0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put(TYPE_FLAGS[entry.type ?? 'file'], 156, 1);
  put(entry.linkname ?? '', 157, 100);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/**
 * A ustar archive written byte by byte, so tests can make the hostile archives
 * ('../' entries, absolute symlinks) that no well-behaved tar tool produces.
 */
export function makeTar(entries: TarEntry[], options: { gzip?: boolean } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.type === undefined || entry.type === 'file' ? Buffer.from(entry.content ?? '') : Buffer.alloc(0);
    blocks.push(header(entry, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const tar = Buffer.concat(blocks);
  return options.gzip ? zlib.gzipSync(tar) : tar;
}

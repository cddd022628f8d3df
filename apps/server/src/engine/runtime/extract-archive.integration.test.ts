import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTar, type TarEntry } from '../../../test/helpers/tar.js';
import { extractArchive } from './extract-archive.js';

/** Lists every path under dir (links included, not followed). */
async function tree(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true });
  return entries.map(String).sort();
}

describe('extractArchive', () => {
  let sandbox: string;
  let dest: string;
  const extract = async (entries: TarEntry[], gzip = false) => {
    const archive = path.join(sandbox, gzip ? 'in.tar.gz' : 'in.tar');
    await fs.writeFile(archive, makeTar(entries, { gzip }));
    return extractArchive(archive, dest, { maxBytes: 1024 * 1024 });
  };

  beforeEach(async () => {
    sandbox = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-extract-'));
    dest = path.join(sandbox, 'build', 'inner');
    await fs.mkdir(dest, { recursive: true });
  });
  afterEach(async () => {
    await fs.rm(sandbox, { recursive: true, force: true });
  });

  it('extracts files and folders of a gzipped archive', async () => {
    const result = await extract(
      [
        { name: 'lib/', type: 'dir' },
        { name: 'lib/util.py', content: 'X = 1\n' },
        { name: './main.py', content: 'print(1)\n' },
      ],
      true,
    );
    expect(result).toEqual({ files: 2, bytes: 15, kept: [] });
    expect(await tree(dest)).toEqual(['lib', 'lib/util.py', 'main.py']);
  });

  it.each([
    [
      'a ../ entry',
      [
        { name: 'ok.txt', content: 'fine' },
        { name: '../escaped.txt', content: 'bad' },
      ],
      "Refused archive entry '../escaped.txt'",
    ],
    ['an absolute path', [{ name: '/tmp/abs.txt', content: 'bad' }], "Refused archive entry '/tmp/abs.txt': absolute path"],
    [
      'an absolute symlink',
      [{ name: 'passwd', type: 'symlink', linkname: '/etc/passwd' }],
      "Refused archive entry 'passwd': link to '/etc/passwd' points outside the archive",
    ],
    ['a relative symlink climbing out', [{ name: 'a/up', type: 'symlink', linkname: '../../x' }], "link to '../../x' points outside the archive"],
    ['a hard link outside', [{ name: 'h', type: 'hardlink', linkname: '../outside' }], "link to '../outside' points outside the archive"],
    [
      'a write through a link',
      [
        { name: 'dir', type: 'symlink', linkname: 'real' },
        { name: 'real/', type: 'dir' },
        { name: 'dir/x', content: 'x' },
      ],
      "its path goes through the link 'dir'",
    ],
  ] as [string, TarEntry[], string][])('refuses %s and writes nothing', async (_case, entries, message) => {
    await expect(extract(entries)).rejects.toThrow(message);
    expect(await tree(dest)).toEqual([]);
    expect(await tree(sandbox)).toEqual(['build', 'build/inner', 'in.tar']);
  });

  it('materialises links inside the archive as copies, never as symlinks', async () => {
    await extract([
      { name: 'data/a.txt', content: 'A' },
      { name: 'alias.txt', type: 'symlink', linkname: 'data/a.txt' },
      { name: 'copy', type: 'symlink', linkname: 'data' },
      { name: 'hard.txt', type: 'hardlink', linkname: 'data/a.txt' },
    ]);
    for (const name of ['alias.txt', 'copy/a.txt', 'hard.txt']) {
      const stat = await fs.lstat(path.join(dest, name));
      expect(stat.isFile(), name).toBe(true);
      expect(await fs.readFile(path.join(dest, name), 'utf8')).toBe('A');
    }
    expect((await fs.lstat(path.join(dest, 'copy'))).isDirectory()).toBe(true);
  });

  it('keeps files already in the destination', async () => {
    await fs.writeFile(path.join(dest, 'main.py'), 'uploaded');
    expect(
      await extract([
        { name: 'main.py', content: 'archived' },
        { name: 'other.py', content: 'x' },
      ]),
    ).toMatchObject({ files: 1, kept: ['main.py'] });
    expect(await fs.readFile(path.join(dest, 'main.py'), 'utf8')).toBe('uploaded');
  });

  it('refuses archives that expand beyond the limit, and files that are not archives', async () => {
    const archive = path.join(sandbox, 'big.tar');
    await fs.writeFile(archive, makeTar([{ name: 'big.bin', content: Buffer.alloc(2048) }]));
    await expect(extractArchive(archive, dest, { maxBytes: 1024 })).rejects.toThrow('expands to more than');
    await fs.writeFile(archive, 'not a tar');
    await expect(extractArchive(archive, dest, { maxBytes: 1024 })).rejects.toThrow('Not a readable tar archive');
  });
});

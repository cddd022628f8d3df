import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileTreeNode } from '@asb/contracts';

/**
 * The files of a folder as the bucket panel's tree wants them (spec 2 §3 File tree
 * node): id = relative path, parent = folder path or '#'. Folders come first, each
 * before its content; symbolic links are not listed (nothing creates them).
 */
export async function listFileTree(root: string): Promise<FileTreeNode[]> {
  const nodes: FileTreeNode[] = [];
  async function walk(relative: string): Promise<void> {
    const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
    const sorted = entries
      .filter((entry) => entry.isDirectory() || entry.isFile())
      .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name));
    for (const entry of sorted) {
      const id = relative ? `${relative}/${entry.name}` : entry.name;
      const parent = relative || '#';
      if (entry.isDirectory()) {
        nodes.push({ id, parent, text: entry.name, type: 'folder' });
        await walk(id);
      } else {
        const { size } = await fs.stat(path.join(root, id));
        nodes.push({ id, parent, text: entry.name, type: 'file', size });
      }
    }
  }
  await walk('');
  return nodes;
}

/** Every regular file below root, as sorted relative paths (links and other types are skipped). */
export async function listFiles(root: string): Promise<string[]> {
  const nodes = await listFileTree(root);
  return nodes
    .filter((node) => node.type === 'file')
    .map((node) => node.id)
    .sort();
}

import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Bytes the files under `folders` take on disk (allocated blocks, so sparse files count
 * for what they hold). Stops counting once past `limit`: the answer is then > limit.
 */
export async function diskUsage(folders: string[], limit = Number.POSITIVE_INFINITY): Promise<number> {
  let total = 0;
  const pending = [...folders];
  while (pending.length > 0 && total <= limit) {
    const folder = pending.pop()!;
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      const stat = await fs.lstat(file).catch(() => undefined);
      if (!stat) continue;
      total += stat.blocks * 512;
      if (stat.isDirectory()) pending.push(file);
    }
  }
  return total;
}

/**
 * What a task leaves in its output folder must be plain files and folders: symbolic
 * links (to the server's files, say), sockets, pipes and devices are removed before the
 * outputs are stored or served. Answers the relative paths removed.
 */
export async function removeSpecialFiles(root: string): Promise<string[]> {
  const removed: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) pending.push(file);
      else if (!entry.isFile()) {
        await fs.rm(file, { force: true });
        removed.push(path.relative(root, file));
      }
    }
  }
  return removed;
}

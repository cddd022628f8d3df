import fs from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the database (with the keystore's private key, the token secret
 * and every password hash), released code and every user's outputs: only the server's user
 * may enter it (0700), and what the server writes there is its own (umask 077: files 0600,
 * folders 0700). Tasks reach their own folders through the sandbox's bind mounts, which the
 * server prepares for them (docs/security.md).
 */
export function restrictFileModes(): void {
  process.umask(0o077);
}

/** Creates the data directory 0700 (or makes it so), and its database's files 0600 where an older version left them open. */
export function secureDataDir(dataDir: string): void {
  if (dataDir.includes('memory:')) return;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  closeTree(path.join(dataDir, 'pglite'));
}

function closeTree(root: string): void {
  const stat = fs.lstatSync(root, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    fs.chmodSync(root, 0o700);
    for (const entry of fs.readdirSync(root)) closeTree(path.join(root, entry));
  } else if ((stat.mode & 0o077) !== 0) {
    fs.chmodSync(root, 0o600);
  }
}

/** Files the sandboxed task user must read (a version's files, an input fetched from S3): readable, inside the closed data directory. */
export async function openTreeForTasks(root: string): Promise<void> {
  const stat = await fs.promises.lstat(root).catch(() => undefined);
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    await fs.promises.chmod(root, 0o755);
    for (const entry of await fs.promises.readdir(root)) await openTreeForTasks(path.join(root, entry));
  } else {
    await fs.promises.chmod(root, 0o644);
  }
}

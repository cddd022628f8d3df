import type { FileTreeNode } from '@asb/contracts';

/** A file or folder with its children, as the tree shows it. */
export interface FileEntry {
  id: string;
  name: string;
  isFolder: boolean;
  size?: number;
  children: FileEntry[];
}

/** The parent of top-level nodes (spec 2 §3 File tree node). */
const ROOT_PARENT = '#';

function sortEntries(entries: FileEntry[]): FileEntry[] {
  entries.sort((a, b) => Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name));
  for (const entry of entries) sortEntries(entry.children);
  return entries;
}

/**
 * Nests the importer's flat node list: folders first, then by name. A node
 * whose parent is unknown (or a file) goes to the top level rather than
 * disappearing, and a cycle cannot hide nodes: each node is placed once.
 */
export function buildFileTree(nodes: FileTreeNode[]): FileEntry[] {
  const entries = new Map<string, FileEntry>();
  for (const node of nodes) {
    entries.set(node.id, { id: node.id, name: node.text, isFolder: node.type === 'folder', size: node.size, children: [] });
  }
  const roots: FileEntry[] = [];
  for (const node of nodes) {
    const entry = entries.get(node.id)!;
    const parent = node.parent === ROOT_PARENT ? undefined : entries.get(node.parent);
    if (parent && parent.isFolder && parent !== entry && !isAncestor(entry, parent)) parent.children.push(entry);
    else roots.push(entry);
  }
  return sortEntries(roots);
}

function isAncestor(candidate: FileEntry, of: FileEntry): boolean {
  return candidate.children.some((child) => child === of || isAncestor(child, of));
}

/** Files of a tree, depth first (the count shown above the tree). */
export function countFiles(entries: FileEntry[]): number {
  return entries.reduce((sum, entry) => sum + (entry.isFolder ? countFiles(entry.children) : 1), 0);
}

/** Human size: 512 B, 3.4 kB, 12.0 MB. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

import fs from 'node:fs';
import path from 'node:path';

/** Every node_modules folder from `folder` up: where a script's imports resolve. */
function nodeModulesAbove(folder: string): string[] {
  const found: string[] = [];
  for (let current = folder; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules');
    if (fs.existsSync(candidate)) found.push(fs.realpathSync(candidate));
    if (path.dirname(current) === current) return found;
  }
}

/**
 * What the sandbox must let a Node script read (a model task, a model service): its folder, its
 * packages, and a Node installed outside /usr (nvm, a tarball) with its installation folder.
 */
export function nodeScriptReadOnly(script: string): string[] {
  const scriptDir = path.dirname(fs.realpathSync(script));
  const node = fs.realpathSync(process.execPath);
  const nodeHome = node.startsWith('/usr/') ? [] : [path.dirname(path.dirname(node))];
  return [scriptDir, ...nodeModulesAbove(scriptDir), ...nodeHome];
}

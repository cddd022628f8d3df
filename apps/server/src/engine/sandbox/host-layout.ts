import fs from 'node:fs';
import path from 'node:path';
import type { HostLayout, SandboxTools } from './bwrap-command.js';

const TOP_LEVEL = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** What a python runtime reads of /etc: the loader cache, alternatives (BLAS), the time zone, python's own settings. */
const ETC = ['/etc/ld.so.cache', '/etc/alternatives', '/etc/localtime', '/etc/python3', '/etc/python3.11', '/etc/gdal'];
/** What a task with the network reads besides: certificates and name resolution. */
const NETWORK_ETC = [
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/pki',
  '/etc/resolv.conf',
  '/etc/hosts',
  '/etc/nsswitch.conf',
  '/etc/gai.conf',
  '/etc/host.conf',
  '/etc/services',
  '/etc/protocols',
];

const isInside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root + path.sep);

/** The host's system folders as the sandbox shows them, and the interpreter's own installation if it lies elsewhere. */
export function hostLayout(python: string): HostLayout {
  const existing = (files: string[]) => files.filter((file) => fs.existsSync(file));
  const layout: HostLayout = { symlinks: [], folders: ['/usr'], etc: existing(ETC), networkEtc: existing(NETWORK_ETC), extra: [] };
  for (const name of TOP_LEVEL) {
    const stat = fs.lstatSync(name, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) layout.symlinks.push([name, fs.readlinkSync(name)]);
    else if (stat?.isDirectory()) layout.folders.push(name);
  }
  const real = fs.realpathSync(python);
  if (!layout.folders.some((folder) => isInside(folder, real))) {
    // {prefix}/bin/python3.x: the prefix holds its standard library and site-packages
    layout.extra.push(path.dirname(path.dirname(real)));
  }
  return layout;
}

/** A command's absolute path from PATH (or as given when absolute). */
function which(command: string): string | undefined {
  if (path.isAbsolute(command)) return fs.existsSync(command) ? command : undefined;
  for (const folder of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    const candidate = path.join(folder, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The interpreter as an absolute path (config.pythonCommand may be a bare name). */
export function resolvePython(python: string): string {
  const found = which(python);
  if (!found) throw new Error(`The task interpreter '${python}' (ASB_PYTHON) was not found.`);
  return found;
}

/** bubblewrap and setpriv (util-linux); the inner ones run inside the sandbox, so they must lie in /usr. */
export function sandboxTools(bwrap: string): SandboxTools {
  const find = (name: string, hint: string) => {
    const found = which(name);
    if (!found) throw new Error(`'${name}' was not found: ${hint}`);
    const real = fs.realpathSync(found);
    return real.startsWith('/usr/') ? real : found;
  };
  return {
    bwrap: find(bwrap, 'install bubblewrap (Debian: apt-get install bubblewrap), or set ASB_BWRAP to its path'),
    setpriv: find('setpriv', 'it comes with util-linux'),
  };
}

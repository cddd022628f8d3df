import fs from 'node:fs/promises';

/**
 * The process definitions operators are given (deploy/Procfile): `name: command` lines, `#`
 * comments. The command is split on spaces and run without a shell, as foreman does for a
 * line without shell syntax; the soak refuses one that needs a shell rather than guess.
 */
export async function readProcfile(file: string): Promise<Map<string, string[]>> {
  const kinds = new Map<string, string[]>();
  for (const [index, raw] of (await fs.readFile(file, 'utf8')).split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9_-]+):\s*(.+)$/.exec(line);
    if (!match) throw new Error(`${file}:${index + 1}: not a 'name: command' line`);
    if (/[|&;<>$`"'\\]/.test(match[2]!)) throw new Error(`${file}:${index + 1}: the soak runs commands without a shell`);
    kinds.set(match[1]!, match[2]!.split(/\s+/));
  }
  return kinds;
}

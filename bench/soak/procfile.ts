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

/**
 * The container files run the same commands as the Procfile (docs/operations.md "Container
 * image and Compose"): Compose's `command:` of each service of that name, the image's `CMD`
 * the portal's. They cannot be run here; this keeps them from drifting from what the soak runs.
 */
export async function containerFilesDrift(kinds: Map<string, string[]>, deployDir: string): Promise<string[]> {
  const compose = await fs.readFile(`${deployDir}/compose.yaml`, 'utf8');
  const dockerfile = await fs.readFile(`${deployDir}/Dockerfile`, 'utf8');
  const problems: string[] = [];
  for (const [kind, words] of kinds) {
    const command = `command: [${words.map((word) => `'${word}'`).join(', ')}]`;
    const service = new RegExp(`\\n  ${kind}:\\n(?:    .*\\n)*?    ${command.replace(/[[\]]/g, '\\$&')}\\n`);
    if (!service.test(compose)) problems.push(`deploy/compose.yaml: service ${kind} does not run ${command}`);
  }
  const portal = kinds.get('portal');
  if (portal && !dockerfile.includes(`CMD ${JSON.stringify(portal).replace(/,/g, ', ')}`))
    problems.push(`deploy/Dockerfile: CMD is not ${JSON.stringify(portal)}`);
  return problems;
}

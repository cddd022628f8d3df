import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SandboxConfig } from '../../config.js';
import { bwrapArgs, INSIDE, type BwrapPlan } from '../../engine/sandbox/bwrap-command.js';
import { hostLayout, sandboxTools } from '../../engine/sandbox/host-layout.js';

/** Checks a CWL text with cwltool: undefined when valid, else what cwltool found wrong (without file paths). */
export interface CwlValidator {
  validate(text: string): Promise<string | undefined>;
}

const CWLTOOL = '/usr/bin/cwltool';
/** cwltool is python: it reads its own libraries; Debian's python3 in /usr. */
const PYTHON = '/usr/bin/python3';
const TIMEOUT_MS = 60_000;
/** cwltool's messages are short; a document that makes it print more is cut here */
const MAX_OUTPUT = 256 * 1024;
const FILE = 'application.cwl';
const INSIDE_FILE = `${INSIDE.wrapper}/${FILE}`;

/**
 * `cwltool --validate` in the task sandbox (docs/security.md: bubblewrap, no network, a
 * read-only system, nobody's uid), with a time limit and a cap on its output. The text is
 * written alone in a temporary folder: a document that imports other files cannot resolve
 * them (describeCwl refuses those first, with that reason).
 */
export class SandboxedCwlValidator implements CwlValidator {
  constructor(private readonly sandbox: SandboxConfig) {}

  async validate(text: string): Promise<string | undefined> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-cwl-'));
    try {
      const { command, args } = await this.command(dir, text);
      const result = await run(command, args, dir);
      if (result.timedOut) return `CWL invalid: cwltool did not finish validating within ${TIMEOUT_MS / 1000} s.`;
      if (result.code === 0) return undefined;
      return `CWL invalid: ${cwltoolReason(result.output)}`;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async command(dir: string, text: string): Promise<{ command: string; args: string[] }> {
    const documentDir = path.join(dir, 'document');
    const outDir = path.join(dir, 'out');
    const scratchDir = path.join(dir, 'scratch');
    await fs.mkdir(documentDir, { mode: 0o755 });
    await fs.writeFile(path.join(documentDir, FILE), text, { mode: 0o644 });
    // the server's umask (077, platform/data-dir.ts) takes the modes above back to 0700/0600:
    // set them again, or the sandbox's user cannot read the document (cwltool: Permission denied)
    await fs.chmod(documentDir, 0o755);
    await fs.chmod(path.join(documentDir, FILE), 0o644);
    if (!this.sandbox.enabled) {
      // ASB_UNSAFE_NO_SANDBOX: as the server's user, in the temporary folder (docs/security.md)
      return { command: CWLTOOL, args: ['--validate', '--quiet', path.join(documentDir, FILE)] };
    }
    const dropTo = process.getuid?.() === 0 ? { uid: this.sandbox.uid, gid: this.sandbox.gid } : undefined;
    for (const folder of [outDir, scratchDir, path.join(scratchDir, 'work'), path.join(scratchDir, 'tmp')]) {
      await fs.mkdir(folder, { recursive: true });
      if (dropTo) await fs.chown(folder, dropTo.uid, dropTo.gid);
    }
    // the task sandbox's command line, the document in the wrapper's place; the runner's place holds
    // the document too (bwrapArgs binds one there; cwltool is what runs)
    await fs.chmod(dir, 0o755);
    const tools = sandboxTools(this.sandbox.bwrap);
    const plan: BwrapPlan = {
      tools,
      host: hostLayout(PYTHON),
      dropTo,
      network: false,
      mounts: { runner: path.join(documentDir, FILE), wrapperDir: documentDir, outDir, scratchDir, inputs: [] },
      env: { PATH: '/usr/bin:/bin', HOME: INSIDE.work, TMPDIR: INSIDE.tmp, LANG: 'C.UTF-8' },
      command: [CWLTOOL, '--validate', '--quiet', INSIDE_FILE],
    };
    return { command: tools.bwrap, args: bwrapArgs(plan) };
  }
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT, env: {}, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const output = `${stderr}\n${stdout}`;
      if (!error) return resolve({ code: 0, output, timedOut: false });
      const timedOut = error.killed === true && error.signal === 'SIGKILL' && !/maxBuffer/.test(error.message);
      resolve({ code: typeof error.code === 'number' ? error.code : 1, output: output.trim() || error.message, timedOut });
    });
  });
}

/** cwltool's reason as a person reads it: its ERROR and validation lines, without colours, log prefixes and file paths. */
export function cwltoolReason(output: string): string {
  const lines = withoutTraceback(
    output
      // eslint-disable-next-line no-control-regex -- cwltool colours its log levels
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n'),
  )
    .filter((line) => !/^\s*(INFO|WARNING|DEBUG)\b/.test(line) && !/^WARNING:root:/.test(line))
    .map((line) =>
      line
        .replace(/^\s*ERROR\s+/, '')
        // the document's own path (absolute, relative to cwltool's folder, or a file:// URI) is the uploader's file
        .replace(/(?:file:\/\/)?[^\s`'"]*application\.cwl(?::(\d+):(\d+):|#)?/g, (_, row?: string, column?: string) =>
          row ? `line ${row} column ${column}:` : '',
        )
        .trimEnd(),
    )
    .filter((line) => line.trim() !== '');
  const text = lines.join('\n').trim();
  if (text === '') return 'cwltool refused it without saying why.';
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
}

/**
 * The lines without a Python traceback: its frames show cwltool's files and code, which
 * mean nothing to the uploader; the exception's own line is kept without its module path
 * (`ruamel.yaml.scanner.ScannerError: …` → `ScannerError: …`).
 */
function withoutTraceback(lines: string[]): string[] {
  const kept: string[] = [];
  let inTraceback = false;
  for (const line of lines) {
    if (/^\s*Traceback \(most recent call last\):/.test(line) || /^\s*During handling of the above exception/.test(line)) {
      inTraceback = true;
      continue;
    }
    if (inTraceback && (/^\s/.test(line) || line.trim() === '')) continue;
    inTraceback = false;
    kept.push(line.replace(/^(\s*)(?:[A-Za-z_][\w]*\.)+(\w*(?:Error|Exception)\b)/, '$1$2'));
  }
  return kept;
}

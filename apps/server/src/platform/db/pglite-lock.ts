import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder (`asb catalogue
 * ingest` beside the running portal) writes into its own copy, which the first never sees and
 * which breaks the folder for the next start (issue 30 §8). So whoever opens it holds
 * `{dataDir}/pglite.lock`, a file made with O_EXCL holding the holder's pid; a lock whose
 * process is gone (a crash, SIGKILL) is taken over.
 */
export interface LockHolder {
  pid: number;
  /** who holds it, as the refusal names it: 'The portal', 'asb catalogue ingest' */
  holder: string;
  /** the process's start time (Linux /proc): a reused pid is not taken for the holder */
  startTime?: string;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly dataDir: string,
  ) {
    super(`${holder.holder} (pid ${holder.pid}) holds the database in ${dataDir}: stop it first`);
    this.name = 'DatabaseLockedError';
  }
}

export interface PgliteLock {
  release(): void;
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // field 22 (starttime), counted after the command name, which may hold spaces and parentheses
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = startTimeOf(holder.pid);
  return !holder.startTime || !startTime || startTime === holder.startTime;
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, holder: String(parsed.holder ?? 'Another process'), startTime: parsed.startTime } : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock of the PGlite folder in `dataDir` for this process, or throws DatabaseLockedError naming its holder. */
export function lockPglite(dataDir: string, holder: string): PgliteLock {
  const file = path.join(dataDir, 'pglite.lock');
  const mine: LockHolder = { pid: process.pid, holder, startTime: startTimeOf(process.pid) };
  // written whole beside the lock, then linked into place: a reader never sees a half-written file
  const draft = `${file}.${process.pid}`;
  fs.writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readHolder(file);
      if (current && (current.pid === process.pid || isRunning(current))) throw new DatabaseLockedError(current, dataDir);
      // the holder is gone (or the file unreadable twice): take it over
      if (!current && attempt === 0) continue;
      if (attempt > 2) throw new DatabaseLockedError(current ?? { pid: 0, holder: 'Another process' }, dataDir);
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const releaseOnExit = () => release();
  function release() {
    process.off('exit', releaseOnExit);
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  }
  // a process that exits without closing (an uncaught error) does not leave a lock behind
  process.on('exit', releaseOnExit);
  return { release };
}

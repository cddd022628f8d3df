/**
 * Process wrappers are user code: they see an environment made for them, not the
 * server's. Of the server's own variables only the harmless ones a runtime needs pass
 * (locale, time zone, GDAL/PROJ settings), plus those the operator names in ASB_TASK_ENV;
 * a name that says it holds a secret never passes, whoever asks for it (docs/security.md).
 */
const PASSED_NAMES = /^(LANG|LANGUAGE|LC_[A-Z]+|TZ|GDAL_[A-Z0-9_]+|PROJ_[A-Z0-9_]+|PROJ_LIB|CPL_[A-Z0-9_]+)$/;
const SECRET_WORDS = /SECRET|PASSWORD|PASSWD|TOKEN|CREDENTIAL|PRIVATE|API_?KEY|ACCESS_?KEY|AUTH/i;

export interface TaskResources {
  cpus: number;
  memoryMb: number;
}

export interface ChildEnvOptions {
  /** ASB_TASK_ENV: further names the operator lets through */
  passEnv?: readonly string[];
  /** set by the sandbox (PATH, HOME, TMPDIR inside it); unsandboxed, the server's PATH and HOME */
  base?: NodeJS.ProcessEnv;
}

export function childEnv(resources: TaskResources, parent: NodeJS.ProcessEnv = process.env, options: ChildEnvOptions = {}): NodeJS.ProcessEnv {
  const passed = new Set(options.passEnv ?? []);
  const env: NodeJS.ProcessEnv = { ...(options.base ?? { PATH: parent.PATH, HOME: parent.HOME }) };
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || SECRET_WORDS.test(name) || name.startsWith('ASB_')) continue;
    if (PASSED_NAMES.test(name) || passed.has(name)) env[name] = value;
  }
  const cpus = String(Math.max(1, Math.floor(resources.cpus)));
  return {
    ...env,
    PYTHONUNBUFFERED: '1',
    // the runtime folder is shared by every attempt of a version: keep it as restored
    PYTHONDONTWRITEBYTECODE: '1',
    ASB_MEMORY_MB: String(Math.max(0, Math.floor(resources.memoryMb))),
    ASB_CPUS: cpus,
    // numpy/BLAS, numexpr and GDAL size their thread pools from these
    OMP_NUM_THREADS: cpus,
    OPENBLAS_NUM_THREADS: cpus,
    MKL_NUM_THREADS: cpus,
    NUMEXPR_MAX_THREADS: cpus,
    GDAL_NUM_THREADS: cpus,
  };
}

/**
 * Process wrappers are user code: they inherit the server's environment (PATH, HOME,
 * locale, proxies, GDAL/PROJ settings...) minus anything that could hand them the
 * server's secrets: its own ASB_* and S3_* settings, the database and Redis connections,
 * and any variable whose name says it holds a secret.
 */
const WITHHELD_NAMES = /^(ASB_|S3_|DATABASE_URL$|TEST_DATABASE_URL$|REDIS_URL$|PG|NODE_OPTIONS$|npm_)/;
const SECRET_WORDS = /SECRET|PASSWORD|PASSWD|TOKEN|CREDENTIAL|PRIVATE|API_?KEY|ACCESS_?KEY|AUTH/i;

export interface TaskResources {
  cpus: number;
  memoryMb: number;
}

export function childEnv(resources: TaskResources, parent: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && !WITHHELD_NAMES.test(name) && !SECRET_WORDS.test(name)) env[name] = value;
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

import { describe, expect, it } from 'vitest';
import { childEnv } from './child-env.js';

describe('childEnv', () => {
  it('keeps the ordinary environment, withholds secrets and sets the resources', () => {
    const parent = { PATH: '/usr/bin', HOME: '/home/asb', LANG: 'C.UTF-8', GDAL_DATA: '/gdal', ASB_SECRET_KEY: 'k', ASB_DATA_DIR: '/data', DATABASE_URL: 'postgres://x', PGPASSWORD: 'pw', AWS_SECRET_ACCESS_KEY: 's', GITHUB_TOKEN: 't', OMP_NUM_THREADS: '64', S3_BUCKET: 'b', S3_ENDPOINT: 'http://s3', REDIS_URL: 'redis://:pw@r' };
    expect(childEnv({ cpus: 3, memoryMb: 2048 }, parent)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/asb',
      LANG: 'C.UTF-8',
      GDAL_DATA: '/gdal',
      PYTHONUNBUFFERED: '1',
      PYTHONDONTWRITEBYTECODE: '1',
      ASB_MEMORY_MB: '2048',
      ASB_CPUS: '3',
      OMP_NUM_THREADS: '3',
      OPENBLAS_NUM_THREADS: '3',
      MKL_NUM_THREADS: '3',
      NUMEXPR_MAX_THREADS: '3',
      GDAL_NUM_THREADS: '3',
    });
  });
});

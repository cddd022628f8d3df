import { describe, expect, it } from 'vitest';
import { childEnv } from './child-env.js';

const parent = {
  PATH: '/usr/bin',
  HOME: '/home/asb',
  LANG: 'C.UTF-8',
  GDAL_DATA: '/gdal',
  HTTP_PROXY: 'http://proxy',
  ASB_SECRET_KEY: 'k',
  ASB_ADMIN_PASSWORD: 'pw',
  ASB_DATA_DIR: '/data',
  DATABASE_URL: 'postgres://x',
  PGPASSWORD: 'pw',
  AWS_SECRET_ACCESS_KEY: 's',
  GITHUB_TOKEN: 't',
  OMP_NUM_THREADS: '64',
  S3_BUCKET: 'b',
  REDIS_URL: 'redis://:pw@r',
};

describe('childEnv', () => {
  it('passes only the harmless variables of the server and sets the resources', () => {
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

  it('lets through what the operator names, except secrets, and takes the sandbox base', () => {
    const env = childEnv({ cpus: 1, memoryMb: 0 }, parent, {
      passEnv: ['HTTP_PROXY', 'S3_BUCKET', 'GITHUB_TOKEN', 'ASB_DATA_DIR'],
      base: { PATH: '/usr/bin:/bin', HOME: '/task/work' },
    });
    expect(env).toMatchObject({ PATH: '/usr/bin:/bin', HOME: '/task/work', HTTP_PROXY: 'http://proxy', S3_BUCKET: 'b' });
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
    expect(env).not.toHaveProperty('ASB_DATA_DIR');
    expect(env).not.toHaveProperty('REDIS_URL');
  });
});

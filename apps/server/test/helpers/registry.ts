import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { makeTar } from './tar.js';

const run = promisify(execFile);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/registry.sh');

export const REGISTRY_CREDENTIALS = {
  username: process.env.ASB_TEST_REGISTRY_USERNAME ?? 'asb',
  password: process.env.ASB_TEST_REGISTRY_PASSWORD ?? 'asb-registry-password',
};

/** Whether Debian's docker-registry is installed (scripts/test-all.sh installs it). */
export function hasRegistry(): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, 'docker-registry')));
}

/** Starts the throw-away registry of scripts/registry.sh and returns its URL. */
export async function startRegistry(): Promise<string> {
  const { stdout } = await run('bash', [script, 'start']);
  return stdout.trim();
}

export async function stopRegistry(): Promise<void> {
  await run('bash', [script, 'stop']);
}

const sha256 = (data: Buffer) => `sha256:${crypto.createHash('sha256').update(data).digest('hex')}`;

/**
 * Pushes a tiny image through the Registry HTTP API v2 as a docker client would:
 * upload the layer and config blobs (POST then PUT ?digest=), then PUT a schema 2 manifest.
 */
export async function pushImage(url: string, name: string, tag: string): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${REGISTRY_CREDENTIALS.username}:${REGISTRY_CREDENTIALS.password}`).toString('base64')}`;
  const request = async (method: string, target: string, body?: Buffer, contentType = 'application/octet-stream') => {
    const response = await fetch(new URL(target, url), { method, headers: { authorization, 'content-type': contentType }, body });
    if (!response.ok) throw new Error(`${method} ${target}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };
  const uploadBlob = async (data: Buffer) => {
    const started = await request('POST', `/v2/${name}/blobs/uploads/`);
    const location = new URL(started.headers.get('location')!, url);
    location.searchParams.set('digest', sha256(data));
    await request('PUT', location.toString(), data);
    return { size: data.length, digest: sha256(data) };
  };
  const layer = await uploadBlob(zlib.gzipSync(makeTar([{ name: 'hello.txt', content: `${name}:${tag}\n` }])));
  const config = await uploadBlob(Buffer.from(JSON.stringify({ architecture: 'amd64', os: 'linux', config: {}, rootfs: { type: 'layers', diff_ids: [] } })));
  const manifest = {
    schemaVersion: 2,
    mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
    config: { mediaType: 'application/vnd.docker.container.image.v1+json', ...config },
    layers: [{ mediaType: 'application/vnd.docker.image.rootfs.diff.tar.gzip', ...layer }],
  };
  await request('PUT', `/v2/${name}/manifests/${tag}`, Buffer.from(JSON.stringify(manifest)), manifest.mediaType);
}

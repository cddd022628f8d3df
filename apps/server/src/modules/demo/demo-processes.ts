import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProcessSignature, SnapshotEntry } from '@asb/contracts';
import { inspectWrapper } from '../../engine/runtime/inspect-wrapper.js';
import type { Db } from '../../platform/db/client.js';
import { BucketRepository } from '../procimp/buckets/bucket.repository.js';
import { generateDockerfile, installsOf } from '../procimp/build/dockerfile.js';
import { snapshotFolder } from '../procimp/build/snapshot.js';
import { formatLogEntry } from '../procimp/status/status-message.js';
import type { BucketStorage } from '../procimp/storage/bucket-storage.js';
import { demoProcessDir, isDemoFile } from './demo-files.js';

/** The demo's processes, in the order the workflow chains them (wrappers in processes/{slug}/). */
export interface DemoProcess {
  slug: string;
  label: string;
  description: string;
}

export const DEMO_VERSION = '1';

export const DEMO_PROCESSES: readonly DemoProcess[] = [
  {
    slug: 'synthetic-scene',
    label: 'Synthetic scene',
    description:
      'Draws a 4-band (blue, green, red, nir) Float32 reflectance GeoTIFF of a made-up landscape (river, town, fields, forest) over a longitude/latitude box, in EPSG:4326. Needs no download: a seeded random generator makes the same scene for the same seed.',
  },
  {
    slug: 'ndvi',
    label: 'NDVI',
    description:
      'Computes the normalised difference vegetation index (nir - red) / (nir + red) of a multi-band GeoTIFF: a Float32 GeoTIFF (nodata -9999) and its mean.',
  },
  {
    slug: 'threshold',
    label: 'Threshold',
    description:
      'Turns an NDVI GeoTIFF into a UInt8 vegetation mask (1 vegetation, 0 not, 255 nodata) at an NDVI threshold, and gives the share of vegetation.',
  },
  {
    slug: 'summary',
    label: 'Summary',
    description:
      'Summarises a vegetation mask: summary.json with pixel counts, areas and bounds, and one sentence such as "Vegetation covers 42.1 % of the scene (mean NDVI 0.31)."',
  },
  {
    slug: 'product-ndvi',
    label: 'Product NDVI',
    description:
      "Computes the NDVI (nir - red) / (nir + red) of an EO product of the catalogue (an item of 'Demo scenes', say): its red and near-infrared assets are staged before the task runs. A Float32 GeoTIFF (nodata -9999) and its mean.",
  },
];

/** What a Build & Release of a demo process records, computed exactly as the build computes it. */
export interface PreparedDemoProcess extends DemoProcess {
  /** the folder its files come from */
  sourceDir: string;
  /** the wrapper's signature, as inspect_wrapper.py reads it */
  signature: ProcessSignature;
  manifest: SnapshotEntry[];
  dockerfile: string;
  /** the build log up to the release entry */
  buildLog: string;
}

/** The build's one-line description of a signature (build-pipeline.ts). */
function describeSignature(signature: ProcessSignature): string {
  const names = (list: { name: string }[]) => list.map((item) => item.name).join(', ') || 'none';
  return `Wrapper found: inputs ${names(signature.inputs)}; outputs ${names(signature.outputs)}; dependencies ${signature.dependencies.join(', ') || 'none'}`;
}

/** Copies a demo folder's files (not Python caches) into target. */
export async function copyDemoFiles(sourceDir: string, target: string): Promise<void> {
  await fs.mkdir(target, { recursive: true });
  await fs.cp(sourceDir, target, { recursive: true, filter: (source) => isDemoFile(path.basename(source)) });
}

/**
 * The build steps of one demo process, as procimp runs them on a bucket: copy the
 * files into a build folder, read the wrapper's signature with inspect_wrapper.py,
 * snapshot the files content-addressed into the objects folder, generate the Dockerfile.
 */
export async function prepareDemoProcess(
  db: Db,
  storage: Pick<BucketStorage, 'objectsDir' | 'scratchDir'>,
  process: DemoProcess,
  options: { python: string; builder: string },
): Promise<PreparedDemoProcess> {
  const sourceDir = demoProcessDir(process.slug);
  const dir = await storage.scratchDir('builds', `demo-${process.slug}`);
  const log = [formatLogEntry(`Build & Release started by ${options.builder}`)];
  try {
    const processDir = path.join(dir, 'process');
    await copyDemoFiles(sourceDir, processDir);
    const inspection = await inspectWrapper(processDir, { python: options.python });
    if (inspection.status !== 'valid') {
      throw new Error(`demo process ${process.slug}: ${inspection.status === 'invalid' ? inspection.error : 'no process_wrapper.py'}`);
    }
    const { signature } = inspection;
    log.push(formatLogEntry('Checking the wrapper'), formatLogEntry(describeSignature(signature)));
    const manifest = await snapshotFolder(processDir, storage.objectsDir);
    log.push(formatLogEntry(`Snapshot of ${manifest.length} file(s), ${manifest.reduce((sum, entry) => sum + entry.size, 0)} bytes`));
    const known = await new BucketRepository(db).softwareDependencies(signature.dependencies);
    const identifier = `${process.slug}:${DEMO_VERSION}`;
    for (const main of known.filter((row) => row.isMain)) {
      for (const requirement of main.requirements.filter((r) => !signature.dependencies.includes(r))) {
        log.push(formatLogEntry(`Warning: missing requirement ${requirement} of ${main.identifier}`));
      }
    }
    const { apt, pip } = installsOf(signature.dependencies, known);
    log.push(
      formatLogEntry(
        `Dockerfile generated (apt: ${apt.join(' ') || 'none'}; pip: ${pip.join(' ') || 'none'}); container image not built: container builds are off`,
      ),
    );
    log.push(formatLogEntry(`Releasing version ${identifier}`));
    const dockerfile = generateDockerfile({ identifier, dependencies: signature.dependencies, known });
    return { ...process, sourceDir, signature, manifest, dockerfile, buildLog: log.join('') };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

import path from 'node:path';
import { executionFileUrl } from '@asb/contracts';

/**
 * Where the engine keeps files, under the data directory (docs/engine.md):
 *   datastore/{owner}/executions/{execution identifier}/{task id}/   a task's outputs
 *   datastore/{owner}/executions/{execution identifier}/logs/{task id}.{try}.log
 *   runtime/{sha256 of the version's manifest}/   a released version's files, restored once
 *   catalogue/{collection}/{item}/   the files (assets) of a local catalogue item (docs/catalogue.md "Assets")
 * Output values that are files are recorded as datastore URLs (datastoreUrl) that the
 * server serves to those who may view the execution.
 */
export class DatastorePaths {
  constructor(readonly root: string) {}

  /** the local datastore folder: with S3 (datastore.ts) its paths are the object keys */
  get datastoreRoot(): string {
    return path.join(this.root, 'datastore');
  }

  executionDir(owner: string, executionIdentifier: string): string {
    return path.join(this.datastoreRoot, safeSegment(owner), 'executions', safeSegment(executionIdentifier));
  }

  taskOutDir(owner: string, executionIdentifier: string, taskId: string): string {
    return path.join(this.executionDir(owner, executionIdentifier), safeSegment(taskId));
  }

  taskLog(owner: string, executionIdentifier: string, taskId: string, tryNumber: number): string {
    return path.join(this.executionDir(owner, executionIdentifier), 'logs', `${safeSegment(taskId)}.${tryNumber}.log`);
  }

  /**
   * Spec 3 §9: where an ordered dataset's files land in the user's datastore:
   * /ordered_datasets/{publisher}/{item id}/{version if known}/{order timestamp} (docs/models.md "Training datasets").
   */
  orderDir(owner: string, order: { publisher: string; itemId: string; version: string; stamp: string }): string {
    const version = order.version ? [idSegment(order.version)] : [];
    return path.join(this.datastoreRoot, safeSegment(owner), 'ordered_datasets', idSegment(order.publisher), idSegment(order.itemId), ...version, order.stamp);
  }

  /** the task filesystems of the processes on this data directory (disk-quota.ts): root's only */
  get disksDir(): string {
    return path.join(this.root, 'task-disks');
  }

  runtimeDir(manifestHash: string): string {
    return path.join(this.root, 'runtime', manifestHash);
  }

  /** The folder of a local catalogue item's files; ids are percent-encoded, so any id is one folder and never `.` or `..`. */
  catalogueDir(collectionId: string, itemId?: string): string {
    const collection = path.join(this.root, 'catalogue', idSegment(collectionId));
    return itemId === undefined ? collection : path.join(collection, idSegment(itemId));
  }

  get objectsDir(): string {
    return path.join(this.root, 'objects');
  }
}

/** Task ids carry brackets ('ndvi[3]'): fine in file names; anything else odd becomes '_'. */
function safeSegment(value: string): string {
  return value.replace(/[^A-Za-z0-9._\-[\]]/g, '_');
}

/**
 * The folders of an execution that hold what only its running attempts use: `.work/` (an
 * attempt's scratch), `.inputs/` (its staged products, which may come from a collection
 * the execution's viewers may not read) and `.package/` (an application's pinned CWL, a
 * model's pinned ONNX file and uploaded inputs: the model may be one its viewers may not
 * read). Never served as the execution's files.
 */
const ATTEMPT_FOLDERS = new Set(['.work', '.inputs', '.package']);

/** Whether a path inside an execution's folder lies in an attempt's own folders (not one of its files to serve). */
export function isAttemptPath(relative: string): boolean {
  return ATTEMPT_FOLDERS.has(relative.split(/[\\/]/).find((segment) => segment !== '' && segment !== '.') ?? '');
}

/** A catalogue id as one folder name: reversible, no separator, never `.` or `..`. */
function idSegment(id: string): string {
  if (id === '') throw new Error('a catalogue id is empty');
  const encoded = encodeURIComponent(id);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

/** The URL path under which the server serves a file of an execution's datastore folder. */
export function datastoreUrl(executionId: number, relativePath: string): string {
  return executionFileUrl(executionId, relativePath.split(path.sep).join('/'));
}

import path from 'node:path';
import { pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isAttemptPath, type DatastorePaths } from '../../engine/store/datastore-paths.js';
import { parseRange, RangeNotSatisfiable, type Datastore, type StoredFile } from '../../engine/store/datastore.js';
import type { TasksRepository } from '../../engine/store/tasks.repository.js';
import { hideServerPathsStream } from '../../engine/store/server-paths.js';
import { notFound } from '../../platform/http/errors.js';
import { sendFile } from '../../platform/http/send-file.js';
import type { ExecutionRow } from './executions.resource.js';

/** The files of executions in the datastore: task logs and outputs (docs/engine.md "Files"). */
export class ExecutionFiles {
  constructor(
    private readonly paths: DatastorePaths,
    private readonly datastore: Datastore,
    private readonly tasks: TasksRepository,
  ) {}

  private root(row: ExecutionRow): string {
    return row.datastore ?? this.paths.executionDir(row.ownerId, row.identifier);
  }

  /** The log of one attempt of a task (the latest by default), as plain text. */
  async sendLog(reply: FastifyReply, row: ExecutionRow, taskId: string, attempt: number | undefined): Promise<FastifyReply> {
    const task = await this.tasks.findByTaskId(row.id, taskId);
    if (!task) throw notFound(`Execution ${row.identifier} has no task ${taskId}.`);
    const tryNumber = attempt ?? task.tryNumber;
    if (tryNumber < 1 || tryNumber > task.tryNumber) throw notFound(`Task ${task.taskId} has not run attempt ${tryNumber}.`);
    const root = this.root(row);
    const file = path.relative(root, this.paths.taskLog(row.ownerId, row.identifier, task.taskId, tryNumber));
    const log = await this.datastore.read(root, file);
    if (!log) throw notFound(`Task ${task.taskId} has no log for attempt ${tryNumber} yet.`);
    // streamed, the server's folders taken out on the way (no content-length: the text gets shorter)
    const text = hideServerPathsStream(this.paths.root);
    // a read error ends the answer (pipeline destroys the stream with it), it is not thrown past the reply
    pipeline(log.body, text, () => undefined);
    return reply.type('text/plain; charset=utf-8').send(text);
  }

  /** A file of the execution's folder; byte ranges too, so a GeoTIFF output can be read piecewise (GDAL's /vsicurl/, a tile server). */
  async sendFile(reply: FastifyReply, row: ExecutionRow, relative: string, range: string | undefined): Promise<FastifyReply> {
    // an attempt's scratch and staged products are not the execution's files
    if (isAttemptPath(relative)) throw notFound('No such file.');
    let file: StoredFile | undefined;
    try {
      file = await this.datastore.read(this.root(row), relative, parseRange(range));
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiable)) throw error;
      return reply.code(416).header('content-range', `bytes */${error.size}`).send();
    }
    if (!file) throw notFound('No such file.');
    return sendFile(reply, file, path.basename(relative));
  }
}

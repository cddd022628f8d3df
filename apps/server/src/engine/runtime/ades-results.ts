import fs from 'node:fs/promises';
import path from 'node:path';
import type { TaskJob } from '../executors/executor.js';
import { isRecord, messageOf, RemoteFailure, type AdesClient } from './ades-client.js';

/** A path segment made of a name the ADES chose. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_') || '_';

/**
 * A finished remote job's results: file results downloaded into the task's outDir (their
 * paths are the outputs), literals kept as values. The task's disk limit counts every
 * downloaded byte.
 */
export class AdesResults {
  /** bytes of file results downloaded so far */
  private downloaded = 0;

  constructor(
    private readonly client: AdesClient,
    private readonly job: Pick<TaskJob, 'outDir' | 'diskMb' | 'timeoutMs'>,
    private readonly jobUrl: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Fills `outputs` with the results of the job whose final status this is, by output name (as far as it got, on a failure). */
  async fetch(status: Record<string, unknown>, outputs: Record<string, unknown>): Promise<void> {
    const links = Array.isArray(status.links) ? status.links.filter(isRecord) : [];
    const link = links.find((entry) => typeof entry.rel === 'string' && entry.rel.endsWith('results') && typeof entry.href === 'string');
    const resultsUrl = link ? new URL(link.href as string, this.jobUrl).toString() : `${this.jobUrl.replace(/\/+$/, '')}/results`;
    const answer = await this.client.json(resultsUrl);
    if (answer.status !== 200 || !isRecord(answer.body))
      throw new RemoteFailure(`The remote job's results could not be read: HTTP ${answer.status}${messageOf(answer.body)}.`);
    for (const [name, value] of Object.entries(answer.body)) outputs[name] = await this.result(name, value);
    this.log(`results: ${Object.keys(outputs).join(', ') || 'none'}`);
  }

  private async result(name: string, value: unknown): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map((entry, index) => this.result(`${name}/${index}`, entry)));
    if (!isRecord(value)) return value;
    if (typeof value.href === 'string') return this.download(name, value.href);
    // a qualified literal
    if ('value' in value && Object.keys(value).every((key) => ['value', 'mediaType', 'encoding', 'schema', 'uom'].includes(key))) return value.value;
    return value;
  }

  /** Downloads one file result into `outDir/{name}/`, through the outbound guard; answers its absolute path. */
  private async download(name: string, href: string): Promise<string> {
    const url = new URL(href, this.jobUrl).toString();
    const dir = path.join(this.job.outDir, ...name.split('/').map(safeName));
    const file = path.join(dir, safeName(decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? name)));
    await fs.mkdir(dir, { recursive: true });
    const response = await this.client.request(url, { headers: { accept: '*/*' }, timeoutMs: Math.max(60_000, this.job.timeoutMs) });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new RemoteFailure(`The result ${name} (${url}) could not be downloaded: HTTP ${response.status}.`);
    }
    const limit = this.job.diskMb * 1024 * 1024;
    let size = 0;
    const out = await fs.open(file, 'w');
    try {
      for await (const chunk of response.body) {
        size += (chunk as Uint8Array).byteLength;
        this.downloaded += (chunk as Uint8Array).byteLength;
        if (limit > 0 && this.downloaded > limit)
          throw new RemoteFailure(`The results are larger than the ${this.job.diskMb} MB the task may use (while downloading ${name}).`);
        await out.write(chunk as Uint8Array);
      }
    } finally {
      await out.close();
    }
    this.log(`downloaded ${name} (${size} bytes)`);
    return file;
  }
}

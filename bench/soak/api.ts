import { listQueryParams } from '@asb/contracts';
import type { Member } from './cluster.js';

/**
 * The portal's API as a load balancer in front of the replicas would reach it: each call goes
 * to the next live replica, and a call a replica could not answer (killed mid-request) is
 * tried on another one.
 */
export class Portals {
  private next = 0;
  token = '';

  constructor(private readonly replicas: () => Member[]) {}

  /**
   * A request that never reached a replica (connection refused: it was killed) goes to the
   * next one. One that reached a replica which died before answering is tried again only when
   * it may be repeated (`isRepeatable`), as a proxy retries only idempotent requests; otherwise
   * its answer is lost (AnswerLostError), as the user's would be.
   */
  async send(method: string, url: string, body?: object, isRepeatable = method === 'GET'): Promise<Response> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 4; attempt++) {
      const live = this.replicas().filter((replica) => replica.isAlive());
      const replica = live[this.next++ % Math.max(live.length, 1)];
      if (!replica) throw new Error('no portal replica is running');
      try {
        return await fetch(`http://127.0.0.1:${replica.port}${url}`, {
          method,
          headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(60_000),
        });
      } catch (error) {
        lastError = error;
        const isRefused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        if (!isRefused && !isRepeatable) throw new AnswerLostError(`${method} ${url} on ${replica.name}: ${String(error)}`);
      }
    }
    throw lastError;
  }

  async json<T>(method: string, url: string, body: object | undefined, expected: number, isRepeatable?: boolean): Promise<T> {
    const response = await this.send(method, url, body, isRepeatable);
    const text = await response.text();
    if (response.status !== expected) throw new RefusedError(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`, response.status, text);
    return JSON.parse(text) as T;
  }

  async signIn(username: string, password: string): Promise<void> {
    this.token = (await this.json<{ token: string }>('POST', '/usermgr/v1/token/', { username, password }, 200)).token;
  }

  /** POST executions + PATCH execute, as the execute form does; the execution's id. */
  async run(workflowId: string, inputs: { node_id: string; items: { identifier: string; value: string }[] }[]): Promise<number> {
    const created = await this.json<{ data: { id: string } }>('POST', '/builder/v1/executions', { processor_id: workflowId, inputs }, 201);
    try {
      // submitting twice submits once: repeated when the replica died before it answered
      await this.json('PATCH', `/builder/v1/executions/${created.data.id}/execute`, undefined, 200, true);
    } catch (error) {
      // the first try went through before its replica died
      if (!(error instanceof RefusedError && error.status === 409 && error.body.includes('already been submitted'))) throw error;
    }
    return Number(created.data.id);
  }

  /** The demo's CWL application (water-bodies-demo, cwltool) on a demo scene, as its execute form sends it; the execution's id. */
  async runApplication(collection: string, application: string, sceneUrl: string): Promise<number> {
    const created = await this.json<{ data: { id: string } }>(
      'POST',
      `/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/execute`,
      { cwl_identifier: application, inputs: [{ identifier: 'item', value: sceneUrl }] },
      201,
    );
    return Number(created.data.id);
  }

  /** The demo model (land cover, ONNX) on a GeoTIFF, as the model execute form sends it; the execution's id. */
  async runModel(collection: string, model: string, geotiff: Buffer): Promise<number> {
    const created = await this.json<{ data: { id: string } }>(
      'POST',
      `/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/execute_model`,
      {
        identifier: model,
        collection,
        inputs: {
          parameters: { content_type: 'pd' },
          inputs: [{ name: 'bands', datatype: 'FP32', data: geotiff.toString('base64'), file_type: 'image/tiff', file_name: 'scene.tif' }],
        },
      },
      201,
    );
    return Number(created.data.id);
  }

  /** A single-execution schedule due at `at`; its id. */
  async schedule(workflowId: string, title: string, at: Date, item: string): Promise<number> {
    const created = await this.json<{ data: { id: string } }>(
      'POST',
      '/builder/v1/schedules',
      {
        processor_id: workflowId,
        title,
        strategy: 'single-execution',
        start_time: at.toISOString(),
        inputs: { tasks: [{ task_id: 'step', inputs: { item } }] },
      },
      201,
    );
    return Number(created.data.id);
  }

  /** The lists the portal's pages load, newest first, a page of 20. */
  static readonly LISTS = {
    executions: `/builder/v1/executions?${listQueryParams({ sort: '-createdAt', pageSize: 20 })}`,
    jobs: '/taskmgr/v1/tasks?page[size]=20',
  };

  /** One list call's time in ms (an error is thrown: the probe counts it). */
  async timeList(url: string): Promise<number> {
    const started = performance.now();
    const response = await this.send('GET', url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    return performance.now() - started;
  }
}

/** The replica died after the request reached it and before it answered (what it did is unknown to the caller). */
export class AnswerLostError extends Error {}

/** A replica answered with another status than the expected one. */
class RefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
  }
}

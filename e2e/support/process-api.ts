import { expect, type APIRequestContext } from '@playwright/test';

interface Created {
  data: { id: string };
}

/**
 * Seeds processes through the real API as one user (the process tests need
 * their own user's token, which the shared Api fixture keeps to itself).
 */
export class ProcessApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, username: string, password: string): Promise<ProcessApi> {
    const response = await request.post('/usermgr/v1/token/', { data: { username, password } });
    expect(response.status(), await response.text()).toBe(200);
    return new ProcessApi(request, ((await response.json()) as { token: string }).token);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async createProcess(label: string): Promise<{ id: string; identifier: string }> {
    const response = await this.request.post('/knowledge/v1/processes', {
      headers: this.headers,
      data: { data: { type: 'processes', attributes: { label } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { data } = (await response.json()) as { data: { id: string; attributes: { identifier: string } } };
    return { id: data.id, identifier: data.attributes.identifier };
  }

  async share(processId: string, workspaceIds: string[]): Promise<void> {
    const response = await this.request.patch(`/knowledge/v1/processes/${processId}`, {
      headers: this.headers,
      data: { data: { type: 'processes', id: processId, relationships: { workspaces: { data: workspaceIds.map((id) => ({ type: 'workspaces', id })) } } } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** POST knowledge/v1/workflows with a first graph (docs/workflows.md): its id. */
  async createWorkflow(label: string, graph: unknown): Promise<string> {
    const response = await this.request.post('/knowledge/v1/workflows', {
      headers: this.headers,
      data: { data: { type: 'workflows', attributes: { label, graph } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as Created).data.id;
  }

  /** POST process-buckets: the raw response, so tests can check a refusal. */
  createBucket(processId: string) {
    return this.request.post('/knowledge/v1/process-buckets', {
      headers: this.headers,
      data: { data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: processId } } } } },
    });
  }

  async createBucketId(processId: string): Promise<string> {
    const response = await this.createBucket(processId);
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as Created).data.id;
  }

  uploadFile(bucketId: string, name: string, text: string) {
    return this.request.post(`/procimp/process/buckets/${bucketId}/files`, {
      headers: this.headers,
      multipart: { files: { name, mimeType: 'text/x-python', buffer: Buffer.from(text) } },
    });
  }

  /**
   * A process with one released version built from a wrapper declaring these inputs and
   * outputs (docs/process-runtime.md): what a workflow node needs. Returns the version's
   * identifier `{process}:{value}`. `body`, python statements, runs in execute() before it
   * returns (`import time; time.sleep(3)`, `raise ValueError('...')`; `inputs` holds the inputs).
   */
  async releaseProcess(
    label: string,
    signature: { inputs: WrapperPort[]; outputs: WrapperPort[] },
    body?: string,
  ): Promise<{ processId: string; identifier: string; versionId: string }> {
    const process = await this.createProcess(label);
    const bucketId = await this.createBucketId(process.id);
    const upload = await this.uploadFile(bucketId, 'process_wrapper.py', wrapperSource(signature, body));
    expect(upload.status(), await upload.text()).toBeLessThan(300);
    const start = await this.request.post(`/procimp/process/buckets/${bucketId}/import`, { headers: this.headers });
    expect(start.status(), await start.text()).toBe(202);
    let bucket: { attributes: { buildStatus: string; versionId: string | null; value: string } } | undefined;
    await expect
      .poll(
        async () => {
          const response = await this.request.get(`/knowledge/v1/process-buckets/${bucketId}`, { headers: this.headers });
          bucket = ((await response.json()) as { data: typeof bucket }).data;
          return bucket?.attributes.buildStatus;
        },
        { timeout: 30_000 },
      )
      .toBe('released');
    return { processId: process.id, identifier: `${process.identifier}:${bucket!.attributes.value}`, versionId: bucket!.attributes.versionId! };
  }
}

export interface WrapperPort {
  name: string;
  data_type: string;
  default?: string | number | boolean | null;
  description?: string;
}

/**
 * A minimal valid process_wrapper.py: it returns each output's name as its value, after
 * running `body` (python statements, indented here) when given.
 */
function wrapperSource(signature: { inputs: WrapperPort[]; outputs: WrapperPort[] }, body?: string): string {
  const literal = (ports: WrapperPort[]) =>
    `[\n${ports
      .map(
        (port) =>
          `    ${JSON.stringify(port)
            .replace(/\bnull\b/g, 'None')
            .replace(/\btrue\b/g, 'True')
            .replace(/\bfalse\b/g, 'False')},`,
      )
      .join('\n')}\n]`;
  const results = signature.outputs.map((port) => `"${port.name}": "${port.name}"`).join(', ');
  const statements = body
    ? `${body
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n')}\n`
    : '';
  return `INPUTS = ${literal(signature.inputs)}\nOUTPUTS = ${literal(signature.outputs)}\n\n\ndef execute(out_dir, **inputs):\n${statements}    return {${results}}\n`;
}

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
    const response = await this.request.post('/knowledge/v1/processes', { headers: this.headers, data: { data: { type: 'processes', attributes: { label } } } });
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
}

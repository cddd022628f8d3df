import type { RegistryComponent } from '@asb/contracts';
import type { RegistryConfig } from '../../../config.js';

/** Spec 2 §9: the repository browser gives up after 30 s. */
const REGISTRY_TIMEOUT_MS = 30_000;
const PAGE_SIZE = 1000;
const MAX_PAGES = 20;

/** Why the registry could not answer: the route turns it into a 502 or 504. */
export class RegistryError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'timeout' | 'refused' | 'status',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A small Docker Registry HTTP API v2 client: `/v2/_catalog` (followed through
 * its Link pages) and `/v2/{name}/tags/list`, with basic auth.
 */
export class RegistryClient {
  constructor(
    private readonly config: RegistryConfig,
    private readonly timeoutMs = REGISTRY_TIMEOUT_MS,
  ) {}

  /** The repositories `{repository}` and `{repository}/...` with their tags, sorted. */
  async components(): Promise<RegistryComponent[]> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const prefix = this.config.repository;
    const names = (await this.catalog(signal)).filter((name) => name === prefix || name.startsWith(`${prefix}/`));
    const components = await Promise.all(names.map(async (name) => ({ name, tags: await this.tags(name, signal) })));
    return components.sort((a, b) => a.name.localeCompare(b.name));
  }

  private async catalog(signal: AbortSignal): Promise<string[]> {
    const names: string[] = [];
    let next: string | undefined = `/v2/_catalog?n=${PAGE_SIZE}`;
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const response = await this.get(next, signal);
      const body = (await response.json()) as { repositories?: string[] | null };
      names.push(...(body.repositories ?? []));
      next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    return names;
  }

  private async tags(name: string, signal: AbortSignal): Promise<string[]> {
    const response = await this.get(`/v2/${name.split('/').map(encodeURIComponent).join('/')}/tags/list`, signal);
    const body = (await response.json()) as { tags?: string[] | null };
    return (body.tags ?? []).sort();
  }

  private async get(pathAndQuery: string, signal: AbortSignal): Promise<Response> {
    const url = new URL(pathAndQuery, `${this.config.url}/`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.config.username !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${this.config.username}:${this.config.password ?? ''}`).toString('base64')}`;
    }
    let response: Response;
    try {
      response = await fetch(url, { headers, signal });
    } catch (error) {
      if (signal.aborted) throw new RegistryError('timeout', `The container registry did not answer within ${this.timeoutMs / 1000} s.`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new RegistryError(
        'unreachable',
        `The container registry at ${this.config.url} cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new RegistryError('refused', `The container registry refused the configured credentials (HTTP ${response.status}).`);
    }
    if (!response.ok) throw new RegistryError('status', `The container registry answered HTTP ${response.status} to ${url.pathname}.`);
    return response;
  }
}

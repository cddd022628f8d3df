import type { OutboundFetch, OutboundRequest } from '../../platform/outbound/outbound-fetch.js';
import { readCapped } from '../../platform/outbound/outbound-fetch.js';
import type { AdesEndpoint } from './ades-directory.js';

const MAX_JSON_BYTES = 8 * 1024 * 1024;

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why the remote run failed, as the task's failure. */
export class RemoteFailure extends Error {}

/** An ADES answer's own words for an error, as ': …' to end a message ('' when it has none). */
export function messageOf(body: unknown): string {
  if (isRecord(body)) {
    const text = [body.title, body.detail, body.description].find((entry) => typeof entry === 'string' && entry);
    if (typeof text === 'string') return `: ${text}`;
  }
  return typeof body === 'string' && body.trim() && body.length < 300 ? `: ${body.trim()}` : '';
}

/**
 * The HTTP side of one task's talk with an ADES: every request goes through the outbound
 * guard, with the ADES's token for the ADES's own origin only, and ends when the task is
 * stopped (`signal`), except the dismissal that a stop sends.
 */
export class AdesClient {
  constructor(
    private readonly outbound: OutboundFetch,
    readonly ades: AdesEndpoint,
    private readonly signal: AbortSignal,
    private readonly log: (line: string) => void,
  ) {}

  /** A request to the ADES (or a URL it gave), with its token when the URL is on the ADES's origin. */
  async request(url: string, request: OutboundRequest = {}) {
    return this.outbound.fetch(url, {
      ...request,
      headers: { accept: 'application/json', ...this.authorization(url), ...request.headers },
      signal: this.signal,
    });
  }

  async json(url: string, request: OutboundRequest = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
    const response = await this.request(url, request);
    const text = await readCapped(response, MAX_JSON_BYTES);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // an error page: kept as text for the message
    }
    return { status: response.status, body, headers: response.headers as unknown as Headers };
  }

  /** Reads a text answer of at most the JSON size (a process package). */
  text(response: Parameters<typeof readCapped>[0]): Promise<string> {
    return readCapped(response, MAX_JSON_BYTES);
  }

  /** A URL under the ADES's landing page. */
  url(relative: string): string {
    return new URL(relative, this.ades.url).toString();
  }

  processUrl(processId: string, suffix = ''): string {
    return this.url(`processes/${encodeURIComponent(processId)}${suffix}`);
  }

  /** DELETE of a remote job, best effort and not stopped by the task's stop (it is what a stop sends). */
  async dismiss(jobUrl: string): Promise<void> {
    this.log(`dismissing the remote job ${jobUrl}`);
    try {
      const response = await this.outbound.fetch(jobUrl, { method: 'DELETE', headers: { accept: 'application/json', ...this.authorization(jobUrl) } });
      await response.body?.cancel();
      this.log(response.ok ? 'the remote job was dismissed' : `the ADES did not dismiss the remote job: HTTP ${response.status}`);
    } catch (error) {
      this.log(`the remote job could not be dismissed: ${errorText(error)}`);
    }
  }

  private authorization(url: string): { authorization?: string } {
    const sameOrigin = new URL(url).origin === new URL(this.ades.url).origin;
    return sameOrigin && this.ades.token ? { authorization: `Bearer ${this.ades.token}` } : {};
  }
}

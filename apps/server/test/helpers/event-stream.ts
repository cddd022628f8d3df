/**
 * Reads a server-sent event stream with fetch, message by message, the way an
 * EventSource would (data lines only; comments and retry lines are skipped).
 */
export class EventStreamReader<T> {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  readonly controller = new AbortController();
  /** whether the server ended the stream */
  isEnded = false;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async open(): Promise<Response> {
    const response = await fetch(this.url, { headers: this.headers, signal: this.controller.signal });
    this.reader = response.body?.getReader();
    return response;
  }

  /** The next message, or undefined when the server ended the stream. */
  async next(timeoutMs = 20_000): Promise<T | undefined> {
    const timer = setTimeout(() => this.controller.abort(), timeoutMs);
    try {
      for (;;) {
        const end = this.buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const data = block.split('\n').filter((line) => line.startsWith('data: '));
          if (data.length) return JSON.parse(data.map((line) => line.slice(6)).join('\n')) as T;
          continue;
        }
        const chunk = await this.reader!.read();
        if (chunk.done) {
          this.isEnded = true;
          return undefined;
        }
        this.buffer += this.decoder.decode(chunk.value, { stream: true });
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads until a message matches (returning it and all before it). */
  async until(predicate: (message: T) => boolean): Promise<T[]> {
    const seen: T[] = [];
    for (;;) {
      const message = await this.next();
      if (message === undefined) throw new Error(`stream ended before the awaited message; got ${JSON.stringify(seen.at(-1))}`);
      seen.push(message);
      if (predicate(message)) return seen;
    }
  }

  close(): void {
    this.controller.abort();
  }
}

import type { FastifyReply } from 'fastify';

export interface EventStream {
  /** one message: `data: {json}` (and `event: {name}` when given) */
  send(data: unknown, event?: string): void;
  /** called once when the client goes or end() is called */
  onClose(listener: () => void): void;
  end(): void;
  readonly isClosed: boolean;
}

/**
 * Turns a reply into a server-sent event stream: headers, the client's reconnect delay,
 * and comment lines that keep proxies from closing a quiet stream. Every SSE endpoint
 * (bucket build status, live updates) goes through it.
 */
export function openEventStream(reply: FastifyReply, options: { retryMs: number; heartbeatMs: number }): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
  raw.write(`retry: ${options.retryMs}\n\n`);
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), options.heartbeatMs);
  const listeners: (() => void)[] = [];
  let isClosed = false;
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
    if (!raw.writableEnded) raw.end();
  };
  raw.on('close', close);
  return {
    send(data, event) {
      if (isClosed) return;
      raw.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    onClose(listener) {
      if (isClosed) listener();
      else listeners.push(listener);
    },
    end: close,
    get isClosed() {
      return isClosed || raw.destroyed || raw.writableEnded;
    },
  };
}

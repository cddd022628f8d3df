/** Spec 2 §9: the build status stream retries 5 times, 2 s apart. */
const STREAM_RETRY_LIMIT = 5;
const STREAM_RETRY_DELAY_MS = 2000;

/** What a transport reports; `onEnd` is a close or an error, both end the connection. */
export interface StreamHandlers {
  onMessage(data: string): void;
  onEnd(): void;
}

export interface StreamConnection {
  close(): void;
}

/** Opens one connection (an EventSource or a WebSocket); tests pass a fake. */
export type StreamConnector = (handlers: StreamHandlers) => StreamConnection;

export interface RetryingStreamOptions<M> {
  connect: StreamConnector;
  /** parsed JSON of every message */
  onMessage(message: M): void;
  /** the last message of a run: the client closes and does not reconnect */
  isFinal(message: M): boolean;
  /** the retries are used up */
  onGiveUp(): void;
  retryLimit?: number;
  delayMs?: number;
}

/**
 * A status stream that reconnects after an error (spec 2 §4): up to 5 retries
 * 2 s apart, then it gives up. A message proves the connection works, so the
 * count starts afresh after one. The browser's own EventSource reconnection is
 * not used: it retries forever and would hide a lost build.
 */
export class RetryingStream<M> {
  private connection: StreamConnection | undefined;
  private connectionToken: object | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private isRunning = false;

  constructor(private readonly options: RetryingStreamOptions<M>) {}

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.retries = 0;
    this.open();
  }

  stop(): void {
    this.isRunning = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const connection = this.connection;
    this.connection = undefined;
    this.connectionToken = undefined;
    connection?.close();
  }

  private open(): void {
    // handlers of a replaced or stopped connection must not act: each connection gets its own token
    const token = {};
    this.connectionToken = token;
    const isCurrent = () => this.isRunning && this.connectionToken === token;
    this.connection = this.options.connect({
      onMessage: (data) => {
        if (!isCurrent()) return;
        let message: M;
        try {
          message = JSON.parse(data) as M;
        } catch {
          return;
        }
        this.retries = 0;
        this.options.onMessage(message);
        if (this.isRunning && this.options.isFinal(message)) this.stop();
      },
      onEnd: () => {
        if (!isCurrent()) return;
        const ended = this.connection;
        this.connectionToken = undefined;
        this.connection = undefined;
        ended?.close();
        this.retry();
      },
    });
  }

  private retry(): void {
    if (this.retries >= (this.options.retryLimit ?? STREAM_RETRY_LIMIT)) {
      this.isRunning = false;
      this.options.onGiveUp();
      return;
    }
    this.retries += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.isRunning) this.open();
    }, this.options.delayMs ?? STREAM_RETRY_DELAY_MS);
  }
}

/** Server-sent events at a same-origin path (the session cookie authenticates them): unnamed messages, and those of the `named` event types (`event: forceUpdate`). */
export function eventSourceConnector(path: string, named: readonly string[] = []): StreamConnector {
  return ({ onMessage, onEnd }) => {
    const source = new EventSource(path);
    source.onmessage = (event: MessageEvent<string>) => onMessage(event.data);
    for (const type of named) source.addEventListener(type, (event: MessageEvent<string>) => onMessage(event.data));
    source.onerror = () => onEnd();
    return { close: () => source.close() };
  };
}

/** A WebSocket at a same-origin path (ws: or wss: after the page's scheme; the session cookie authenticates it). */
export function webSocketConnector(path: string): StreamConnector {
  return ({ onMessage, onEnd }) => {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}${path}`);
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') onMessage(event.data);
    };
    // an error is always followed by close
    socket.onclose = () => onEnd();
    return { close: () => socket.close(1000) };
  };
}

import { LIVE_RECONNECT_ATTEMPTS, LIVE_RECONNECT_DELAY_MS } from '@asb/contracts';

export type LiveConnectionState = 'connecting' | 'connected' | 'disconnected';

export interface LiveSnapshot {
  state: LiveConnectionState;
  /** a connection failed or dropped since the last successful connect */
  hasError: boolean;
}

/** A message of the live socket: a JSON object with a `type`. */
export interface LiveMessage {
  type: string;
  [key: string]: unknown;
}

export type LiveHandler = (message: LiveMessage) => void;

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface LiveSocket {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface LiveClientOptions {
  url: () => string;
  createSocket?: (url: string) => LiveSocket;
  maxAttempts?: number;
  delayMs?: number;
  /** called once when the reconnect attempts are used up */
  onGiveUp?: () => void;
}

/** Handlers subscribed with this type receive every message. */
export const ANY_MESSAGE = '*';

/**
 * The one live-event connection of the portal (spec 1 §4): a WebSocket that
 * reconnects up to 5 times 1000 ms apart, then gives up until started again.
 * Pages subscribe to message types; they never open sockets themselves.
 */
export class LiveClient {
  private socket: LiveSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private isRunning = false;
  private snapshot: LiveSnapshot = { state: 'disconnected', hasError: false };
  private readonly stateListeners = new Set<() => void>();
  private readonly handlers = new Map<string, Set<LiveHandler>>();
  private readonly maxAttempts: number;
  private readonly delayMs: number;
  private readonly createSocket: (url: string) => LiveSocket;

  constructor(private readonly options: LiveClientOptions) {
    this.maxAttempts = options.maxAttempts ?? LIVE_RECONNECT_ATTEMPTS;
    this.delayMs = options.delayMs ?? LIVE_RECONNECT_DELAY_MS;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.attempts = 0;
    this.setSnapshot({ state: 'connecting', hasError: false });
    this.open();
  }

  stop(): void {
    this.isRunning = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'Signed out');
    this.setSnapshot({ state: 'disconnected', hasError: false });
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Calls `handler` for each message of `type` (or every message with ANY_MESSAGE); returns the unsubscribe. */
  subscribe(type: string, handler: LiveHandler): () => void {
    const set = this.handlers.get(type) ?? new Set<LiveHandler>();
    set.add(handler);
    this.handlers.set(type, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(type);
    };
  }

  private open(): void {
    let socket: LiveSocket;
    try {
      socket = this.createSocket(this.options.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.attempts = 0;
      this.setSnapshot({ state: 'connected', hasError: false });
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.dispatch(event.data);
    };
    // An error event is always followed by close, so close alone drives reconnection.
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = undefined;
      this.retry();
    };
  }

  private retry(): void {
    if (!this.isRunning) return;
    if (this.attempts >= this.maxAttempts) {
      this.isRunning = false;
      this.setSnapshot({ state: 'disconnected', hasError: true });
      this.options.onGiveUp?.();
      return;
    }
    this.attempts += 1;
    this.setSnapshot({ state: 'connecting', hasError: true });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.isRunning) this.open();
    }, this.delayMs);
  }

  private dispatch(data: unknown): void {
    let message: unknown;
    try {
      message = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || typeof (message as LiveMessage).type !== 'string') return;
    const typed = message as LiveMessage;
    for (const key of [typed.type, ANY_MESSAGE]) {
      this.handlers.get(key)?.forEach((handler) => handler(typed));
    }
  }

  private setSnapshot(next: LiveSnapshot): void {
    if (next.state === this.snapshot.state && next.hasError === this.snapshot.hasError) return;
    this.snapshot = next;
    this.stateListeners.forEach((listener) => listener());
  }
}

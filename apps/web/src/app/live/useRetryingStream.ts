import { useEffect, useEffectEvent } from 'react';
import { eventSourceConnector, RetryingStream, webSocketConnector } from './event-stream';

/** Server-sent events or a WebSocket at a same-origin path. */
export interface StreamTarget {
  transport: 'sse' | 'ws';
  path: string;
  /** SSE: the named event types to receive besides unnamed messages */
  events?: readonly string[];
}

export interface RetryingStreamHandlers<M> {
  onMessage(message: M): void;
  isFinal(message: M): boolean;
  onGiveUp(): void;
}

/**
 * Keeps a retrying status stream open while `target` is set: components never
 * open an EventSource or a WebSocket themselves. A new `runKey` reconnects
 * (a new build started).
 */
export function useRetryingStream<M>(target: StreamTarget | null, runKey: string, handlers: RetryingStreamHandlers<M>): void {
  const onMessage = useEffectEvent(handlers.onMessage);
  const isFinal = useEffectEvent(handlers.isFinal);
  const onGiveUp = useEffectEvent(handlers.onGiveUp);
  const transport = target?.transport;
  const path = target?.path;
  const events = target?.events?.join(',') ?? '';
  useEffect(() => {
    if (!transport || !path) return;
    const stream = new RetryingStream<M>({
      connect: transport === 'sse' ? eventSourceConnector(path, events ? events.split(',') : []) : webSocketConnector(path),
      onMessage: (message) => onMessage(message),
      isFinal: (message) => isFinal(message),
      onGiveUp: () => onGiveUp(),
    });
    stream.start();
    return () => stream.stop();
  }, [transport, path, events, runKey]);
}

import { EventEmitter } from 'node:events';

export interface LiveEvent {
  type: string;
  /** who may receive it: a username, or '*' for every signed-in user */
  audience: string;
  payload: Record<string, unknown>;
}

/**
 * One event bus for live updates. In-process by default; a Redis pub/sub
 * implementation of the same interface fans events out across replicas.
 */
export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(event: LiveEvent): Promise<void> {
    this.emitter.emit('event', event);
    return Promise.resolve();
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

import type { EventBus, LiveEvent } from './event-bus.js';
import { isLiveMessage, type LiveMessage } from '../cluster/cluster-messages.js';

interface BusLog {
  warn(details: object, message?: string): void;
}

/**
 * The event bus of the HTTP processes of one machine without Redis (docs/operations.md "All
 * cores"): publish() goes to the primary, which hands the event to every process, this one
 * included, so a browser connected to any process follows what the engine's process does.
 */
export class ClusterEventBus implements EventBus {
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private readonly onMessage = (message: unknown) => {
    if (isLiveMessage(message)) this.deliver(message.event);
  };

  constructor(private readonly log?: BusLog) {
    process.on('message', this.onMessage);
  }

  publish(event: LiveEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      const message: LiveMessage = { type: 'asb:live', event };
      if (!process.send) return reject(new Error('ClusterEventBus: this process has no primary'));
      process.send(message, undefined, undefined, (error: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    // a listener added twice is still called twice, as with the in-process bus
    const own = (event: LiveEvent) => listener(event);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  close(): Promise<void> {
    process.off('message', this.onMessage);
    this.listeners.clear();
    return Promise.resolve();
  }

  private deliver(event: LiveEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log?.warn({ err: error, type: event.type }, 'event bus: a listener failed');
      }
    }
  }
}

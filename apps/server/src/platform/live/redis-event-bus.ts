import { Redis } from 'ioredis';
import type { EventBus, LiveEvent } from './event-bus.js';

/**
 * Closes a connection: QUIT when it is up (what was sent before goes out), else at once —
 * a QUIT would wait for a server that may not come back.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  const timer = setTimeout(() => client.disconnect(), 2000);
  try {
    await client.quit();
  } catch {
    client.disconnect();
  } finally {
    clearTimeout(timer);
  }
}

/** The pino methods the bus uses (a Fastify logger fits). */
interface BusLog {
  warn(details: object, message?: string): void;
}

export interface RedisEventBusOptions {
  /** default 'asb-live' */
  channel?: string;
  log?: BusLog;
}

/**
 * The event bus across replicas (REDIS_URL): publish() is a Redis PUBLISH on 'asb-live',
 * and every replica's listeners get every event, their own replica's too, once — an
 * event reaches them through Redis only, never directly.
 */
export class RedisEventBus implements EventBus {
  private readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  /** resolves once this replica listens: what it publishes from then on comes back to it */
  private readonly listening: Promise<void>;

  constructor(
    redisUrl: string,
    private readonly options: RedisEventBusOptions = {},
  ) {
    this.channel = options.channel ?? 'asb-live';
    this.publisher = new Redis(redisUrl);
    this.subscriber = new Redis(redisUrl);
    for (const client of [this.publisher, this.subscriber]) client.on('error', (error: Error) => options.log?.warn({ err: error }, 'event bus: redis error'));
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.deliver(message);
    });
    this.listening = this.subscriber.subscribe(this.channel).then(() => undefined);
    // publish() reports a failed subscription; nobody may be publishing yet
    this.listening.catch(() => undefined);
  }

  /** Resolves once this replica listens (events published before that do not reach it). */
  ready(): Promise<void> {
    return this.listening;
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.listening;
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    // a listener added twice is still called twice, as with the in-process bus
    const own = (event: LiveEvent) => listener(event);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  private deliver(message: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(message) as LiveEvent;
    } catch {
      this.options.log?.warn({ message: message.slice(0, 200) }, 'event bus: unreadable message ignored');
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.options.log?.warn({ err: error, type: event.type }, 'event bus: a listener failed');
      }
    }
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/platform/live/event-bus.js';
import { RedisEventBus } from '../src/platform/live/redis-event-bus.js';
import { startRedis, type TestRedis } from './helpers/redis.js';

const event = (from: string, n: number): LiveEvent => ({ type: 'executionUpdate', audience: 'alice', payload: { from, n } });

async function until(check: () => boolean, what: () => string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Live events across replicas (REDIS_URL): every replica's listeners get every event, once. */
describe('RedisEventBus', () => {
  let redis: TestRedis;
  const buses: RedisEventBus[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.allSettled(buses.map((bus) => bus.close()));
    await redis?.stop();
  });

  it('delivers what either of two replicas publishes to both, exactly once', async () => {
    const one = new RedisEventBus(redis.url);
    const two = new RedisEventBus(redis.url);
    buses.push(one, two);
    const received = { one: [] as LiveEvent[], two: [] as LiveEvent[] };
    one.subscribe((e) => received.one.push(e));
    two.subscribe((e) => received.two.push(e));
    // a replica gets what is published once it listens
    await Promise.all([one.ready(), two.ready()]);

    await one.publish(event('one', 1));
    await two.publish(event('two', 1));
    await one.publish(event('one', 2));
    await two.publish(event('two', 2));
    await until(
      () => received.one.length >= 4 && received.two.length >= 4,
      () => JSON.stringify(received),
    );
    // anything duplicated would have arrived by now
    await new Promise((resolve) => setTimeout(resolve, 200));

    const keys = (events: LiveEvent[]) => events.map((e) => `${String(e.payload.from)}:${String(e.payload.n)}`).sort();
    expect(keys(received.one)).toEqual(['one:1', 'one:2', 'two:1', 'two:2']);
    expect(keys(received.two)).toEqual(['one:1', 'one:2', 'two:1', 'two:2']);
    expect(received.one[0]).toEqual(expect.objectContaining({ type: 'executionUpdate', audience: 'alice' }));
    // one replica's events keep their order
    expect(received.two.filter((e) => e.payload.from === 'one').map((e) => e.payload.n)).toEqual([1, 2]);
  });

  it('stops calling a listener once it unsubscribed, and a failing listener does not stop the others', async () => {
    const bus = new RedisEventBus(redis.url);
    buses.push(bus);
    const seen: number[] = [];
    const unsubscribe = bus.subscribe((e) => seen.push(Number(e.payload.n)));
    bus.subscribe(() => {
      throw new Error('listener bug');
    });
    const after: number[] = [];
    bus.subscribe((e) => after.push(Number(e.payload.n)));
    await bus.publish(event('bus', 1));
    await until(
      () => seen.length === 1 && after.length === 1,
      () => JSON.stringify({ seen, after }),
    );
    unsubscribe();
    await bus.publish(event('bus', 2));
    await until(
      () => after.length === 2,
      () => JSON.stringify({ seen, after }),
    );
    expect(seen).toEqual([1]);
    expect(after).toEqual([1, 2]);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../src/platform/live/event-bus.js';
import { RedisEventBus } from '../src/platform/live/redis-event-bus.js';
import { startRedis, type TestRedis } from './helpers/redis.js';

const event = (from: string, n: number): LiveEvent => ({ type: 'executionUpdate', audience: 'alice', payload: { from, n } });

/** Until `check` holds; the limit only ends a stuck test. */
const until = (check: () => boolean, what: () => string) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`still waiting: ${what()}`);
    },
    { timeout: 10_000, interval: 20 },
  );

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
    // Redis hands a channel's messages to each subscriber in the order it took them: a duplicate of
    // the events above would arrive before a fence published after them, by either replica
    await one.publish(event('fence', 1));
    await two.publish(event('fence', 2));
    const fences = (events: LiveEvent[]) => events.filter((e) => e.payload.from === 'fence').length;
    await until(
      () => fences(received.one) === 2 && fences(received.two) === 2,
      () => JSON.stringify(received),
    );

    const keys = (events: LiveEvent[]) =>
      events
        .filter((e) => e.payload.from !== 'fence')
        .map((e) => `${String(e.payload.from)}:${String(e.payload.n)}`)
        .sort();
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

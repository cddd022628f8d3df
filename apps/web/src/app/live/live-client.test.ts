import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANY_MESSAGE, LiveClient, type LiveSocket } from './live-client';

class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  onopen: LiveSocket['onopen'] = null;
  onclose: LiveSocket['onclose'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  isClosed = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  static get last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }

  open() {
    this.onopen?.(new Event('open'));
  }

  fail() {
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  close() {
    this.isClosed = true;
  }
}

function createClient(onGiveUp = vi.fn()) {
  const client = new LiveClient({ url: () => 'ws://portal.test/builder/live', createSocket: (url) => new FakeSocket(url), onGiveUp });
  return { client, onGiveUp };
}

describe('LiveClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('connects to the live URL and reports connecting, then connected', () => {
    const { client } = createClient();
    client.start();
    expect(FakeSocket.last.url).toBe('ws://portal.test/builder/live');
    expect(client.getSnapshot()).toEqual({ state: 'connecting', hasError: false });
    FakeSocket.last.open();
    expect(client.getSnapshot()).toEqual({ state: 'connected', hasError: false });
  });

  it('reconnects up to 5 times 1000 ms apart, then gives up once', () => {
    const { client, onGiveUp } = createClient();
    client.start();
    FakeSocket.last.fail();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(client.getSnapshot()).toEqual({ state: 'connecting', hasError: true });
      vi.advanceTimersByTime(999);
      expect(FakeSocket.all).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
      FakeSocket.last.fail();
    }
    expect(client.getSnapshot()).toEqual({ state: 'disconnected', hasError: true });
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('counts attempts afresh after a successful reconnect', () => {
    const { client, onGiveUp } = createClient();
    client.start();
    FakeSocket.last.open();
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        FakeSocket.last.fail();
        vi.advanceTimersByTime(1000);
      }
      FakeSocket.last.open();
      expect(client.getSnapshot().state).toBe('connected');
    }
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('stops without reconnecting and closes the socket', () => {
    const { client } = createClient();
    client.start();
    const socket = FakeSocket.last;
    socket.open();
    client.stop();
    expect(socket.isClosed).toBe(true);
    socket.fail();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.getSnapshot()).toEqual({ state: 'disconnected', hasError: false });
  });

  it('delivers messages to the subscribers of their type and to catch-all subscribers', () => {
    const { client } = createClient();
    const onExecution = vi.fn();
    const onAny = vi.fn();
    const unsubscribe = client.subscribe('executionUpdate', onExecution);
    client.subscribe(ANY_MESSAGE, onAny);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ type: 'hello', username: 'alice' });
    FakeSocket.last.receive({ type: 'executionUpdate', id: '7' });
    FakeSocket.last.receive('not json');
    expect(onExecution).toHaveBeenCalledExactlyOnceWith({ type: 'executionUpdate', id: '7' });
    expect(onAny).toHaveBeenCalledTimes(2);
    unsubscribe();
    FakeSocket.last.receive({ type: 'executionUpdate', id: '8' });
    expect(onExecution).toHaveBeenCalledTimes(1);
  });

  it('notifies state listeners only on changes', () => {
    const { client } = createClient();
    const listener = vi.fn();
    client.subscribeState(listener);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ type: 'hello' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

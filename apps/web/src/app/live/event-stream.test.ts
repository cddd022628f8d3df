import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryingStream, type StreamHandlers } from './event-stream';

interface Status {
  status_text: string;
}

/** One fake connection per connect call; the test drives its messages and errors. */
class FakeConnections {
  all: { handlers: StreamHandlers; isClosed: boolean }[] = [];

  connect = (handlers: StreamHandlers) => {
    const connection = { handlers, isClosed: false };
    this.all.push(connection);
    return { close: () => (connection.isClosed = true) };
  };

  get last() {
    const connection = this.all.at(-1);
    if (!connection) throw new Error('never connected');
    return connection;
  }

  send(status: Status) {
    this.last.handlers.onMessage(JSON.stringify(status));
  }

  fail() {
    this.last.handlers.onEnd();
  }
}

function createStream() {
  const connections = new FakeConnections();
  const onMessage = vi.fn<(message: Status) => void>();
  const onGiveUp = vi.fn();
  const stream = new RetryingStream<Status>({
    connect: connections.connect,
    onMessage,
    isFinal: (message) => message.status_text === 'Import complete',
    onGiveUp,
  });
  return { stream, connections, onMessage, onGiveUp };
}

describe('RetryingStream (spec 2 §4 retry rule)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries after an error up to 5 times 2 s apart, then gives up once', () => {
    const { stream, connections, onGiveUp } = createStream();
    stream.start();
    connections.fail();
    for (let retry = 1; retry <= 5; retry += 1) {
      expect(connections.all[retry - 1]!.isClosed).toBe(true);
      vi.advanceTimersByTime(1999);
      expect(connections.all).toHaveLength(retry);
      vi.advanceTimersByTime(1);
      expect(connections.all).toHaveLength(retry + 1);
      expect(onGiveUp).not.toHaveBeenCalled();
      connections.fail();
    }
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(connections.all).toHaveLength(6);
  });

  it('delivers parsed messages and ignores what is not JSON', () => {
    const { stream, connections, onMessage } = createStream();
    stream.start();
    connections.send({ status_text: 'Importing' });
    connections.last.handlers.onMessage('not json');
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ status_text: 'Importing' });
  });

  it('counts afresh once a message proves the connection works', () => {
    const { stream, connections, onGiveUp } = createStream();
    stream.start();
    for (let round = 0; round < 3; round += 1) {
      for (let retry = 0; retry < 4; retry += 1) {
        connections.fail();
        vi.advanceTimersByTime(2000);
      }
      connections.send({ status_text: 'Importing' });
    }
    expect(onGiveUp).not.toHaveBeenCalled();
    expect(connections.all).toHaveLength(13);
  });

  it('closes after the final message and does not reconnect when the server closes', () => {
    const { stream, connections, onGiveUp } = createStream();
    stream.start();
    connections.send({ status_text: 'Import complete' });
    expect(connections.last.isClosed).toBe(true);
    connections.fail();
    vi.advanceTimersByTime(10_000);
    expect(connections.all).toHaveLength(1);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('stops without retrying, also while a retry waits', () => {
    const { stream, connections, onMessage } = createStream();
    stream.start();
    connections.fail();
    stream.stop();
    vi.advanceTimersByTime(10_000);
    expect(connections.all).toHaveLength(1);
    connections.send({ status_text: 'Importing' });
    expect(onMessage).not.toHaveBeenCalled();
  });
});

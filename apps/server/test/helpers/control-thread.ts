import { Worker } from 'node:worker_threads';

/**
 * An idle worker thread measuring its own event loop's delay: what a loaded machine imposes on
 * any thread of its own accord, to set beside the server's delay (request-limits.test.ts).
 */
export function startControlThread() {
  const source = `
    const { parentPort } = require('node:worker_threads');
    const { monitorEventLoopDelay } = require('node:perf_hooks');
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    parentPort.on('message', (message) => {
      if (message === 'reset') histogram.reset();
      parentPort.postMessage(histogram.count > 0 ? histogram.max / 1e6 : 0);
    });`;
  const worker = new Worker(source, { eval: true });
  const ask = (message: 'reset' | 'max') =>
    new Promise<number>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(message);
    });
  return {
    reset: () => ask('reset'),
    maxMs: () => ask('max').then((value) => Math.round(value * 100) / 100),
    stop: () => worker.terminate(),
  };
}

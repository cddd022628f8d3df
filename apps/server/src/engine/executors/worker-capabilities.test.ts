import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TaskApplication } from './executor.js';
import { taskQueueOf } from './queue-protocol.js';
import { capabilityOf, detectCapabilities } from './worker-capabilities.js';

const application = (target: string): TaskApplication => ({ cwlPath: '/x/.package/application.cwl', processId: 'p', target });
const MODEL_SCRIPT = path.resolve(import.meta.dirname, '../../modules/models/runtime/model-task.mjs');

describe('worker capabilities (docs/engine.md "queue")', () => {
  it('routes a job by what it needs: its queue, or the server for an ADES', () => {
    expect(capabilityOf({})).toBe('python');
    expect(capabilityOf({ application: application('local') })).toBe('cwltool');
    expect(capabilityOf({ application: application('remote-ades') })).toBe('ades');
    expect(capabilityOf({ model: { collection: 'c', identifier: 'm', inputs: [], outputs: [] } as never })).toBe('onnx');
    expect(['python', 'cwltool', 'onnx'].map((capability) => taskQueueOf(capability as never))).toEqual(['asb-tasks', 'asb-tasks-cwltool', 'asb-tasks-onnx']);
  });

  it('offers what answers on this machine, within ASB_WORKER_OFFERS', async () => {
    // no such cwltool: not offered; onnxruntime-node is installed beside the model script
    expect(await detectCapabilities({ cwltool: '/nonexistent/cwltool', modelScript: MODEL_SCRIPT })).toEqual(['python', 'onnx']);
    expect(await detectCapabilities({ cwltool: '/nonexistent/cwltool', modelScript: MODEL_SCRIPT, allowed: ['python'] })).toEqual(['python']);
    // a model script where onnxruntime-node cannot be found
    expect(await detectCapabilities({ cwltool: '/nonexistent/cwltool', modelScript: '/tmp/model-task.mjs', allowed: ['onnx'] })).toEqual([]);
  });
});

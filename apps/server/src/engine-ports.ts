import type { AppContext } from './app-context.js';
import type { EnginePorts } from './engine/ports.js';
import { ExecutionsRepository } from './modules/builder/executions.repository.js';
import { executionBinding } from './modules/keystore/keystore.service.js';
import { PinnedWorkflows } from './modules/knowledge/pinned-workflows.js';
import { modelTaskScript } from './modules/models/onnx-inference.js';

/** The modules' side of the engine's ports (engine/ports.ts): the composition root hands these to registerEngine. */
export function enginePorts(ctx: AppContext): EnginePorts {
  return {
    executions: new ExecutionsRepository(ctx.db),
    workflows: new PinnedWorkflows(ctx),
    inputKeys: {
      open: (sealed, executionIdentifier) => ctx.keystore.open(sealed, executionBinding(executionIdentifier)),
      secret: (owner, tag) => ctx.secrets.valueOf(owner, tag),
    },
    modelTaskScript: modelTaskScript(),
  };
}

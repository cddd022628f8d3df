import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { WorkflowGraph } from '@asb/contracts';
import { processes, processImages, processVersions, workflows, workflowVersions } from '../../apps/server/src/db-schema.js';
import { snapshotFolder } from '../../apps/server/src/modules/procimp/build/snapshot.js';
import type { Db } from '../../apps/server/src/platform/db/client.js';

/** The soak's one step: rests a moment (so a killed worker has something in hand) and writes its item into a file output. */
const wrapper = (restSeconds: number) => `"""Soak step: echoes its item into note.txt after a short rest."""
import os
import time

INPUTS = [{"name": "item", "data_type": "string"}]
OUTPUTS = [{"name": "item", "data_type": "string"}, {"name": "note", "data_type": "text/plain"}]


def execute(out_dir, **inputs):
    time.sleep(${restSeconds})
    with open(os.path.join(out_dir, "note.txt"), "w") as handle:
        handle.write(inputs["item"] + "\\n")
    return {"item": inputs["item"], "note": "note.txt"}
`;

export const STEP_OUTPUT_FILE = 'note.txt';

export interface SoakWorkflows {
  /** one task */
  single: string;
  /** a dynamic-list-splitter into the step: one task per item */
  fanOut: string;
}

const node = (id: string, processVersion?: string): WorkflowGraph['nodes'][number] => ({
  id,
  kind: processVersion ? 'process' : 'dynamic-list-splitter',
  ...(processVersion ? { processVersion } : { listType: 'list-string' as const }),
  position: { x: 0, y: 0 },
  inputs: {},
});

/**
 * The step released as a build would release it (its file snapshotted into the shared
 * objects folder, a version and its image) and the two workflows, owned by the admin: written
 * into the database before the replicas start, as bench/api seeds its rows.
 */
export async function seedWorkflows(db: Db, dataDir: string, restSeconds: number): Promise<SoakWorkflows> {
  const source = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-soak-step-'));
  await fs.writeFile(path.join(source, 'process_wrapper.py'), wrapper(restSeconds));
  const manifest = await snapshotFolder(source, path.join(dataDir, 'objects'));
  await fs.rm(source, { recursive: true, force: true });
  const ownerId = 'admin';
  const [step] = await db.insert(processes).values({ identifier: 'soak-step', slug: 'soak-step', label: 'Soak step', ownerId }).returning();
  const signature = {
    dependencies: [],
    inputs: [{ name: 'item', dataType: 'string' }],
    outputs: [
      { name: 'item', dataType: 'string' },
      { name: 'note', dataType: 'text/plain' },
    ],
  };
  const [version] = await db
    .insert(processVersions)
    .values({ identifier: 'soak-step:1', label: 'Soak step', ownerId, processId: step!.id, value: '1', signature, manifest })
    .returning();
  await db.insert(processImages).values({
    identifier: 'soak-step:1',
    label: 'Soak step',
    ownerId,
    processIdentifier: 'soak-step',
    processVersion: '1',
    versionId: version!.id,
    allocatedCpus: 1,
    allocatedMem: 256,
    allocatedDisk: 64,
    retries: 0,
    retryDelaySeconds: 0,
    // generous: a busy machine must not turn slowness into failures
    timeoutSeconds: 600,
  });
  const workflow = async (identifier: string, graph: WorkflowGraph) => {
    const [row] = await db.insert(workflows).values({ identifier, slug: identifier, label: identifier, ownerId, version: 1, graph }).returning();
    await db.insert(workflowVersions).values({ workflowId: row!.id, version: 1, graph, createdBy: ownerId });
    return String(row!.id);
  };
  return {
    single: await workflow('soak-single', { nodes: [node('step', 'soak-step:1')], edges: [] }),
    fanOut: await workflow('soak-fan-out', {
      nodes: [node('split'), node('step', 'soak-step:1')],
      edges: [{ source: 'split', sourceOutput: 'item', target: 'step', targetInput: 'item' }],
    }),
  };
}

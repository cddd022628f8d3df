import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TASK_STATE_COLORS, type WorkflowGraph } from '@asb/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import type { Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { DOUBLE_SIGNATURE, DOUBLE_WRAPPER } from './helpers/wrappers.js';

const run = promisify(execFile);

const EMIT = `
INPUTS = [{"name": "start", "data_type": "integer", "default": 2}, {"name": "mode", "data_type": "string", "default": "hidden-mode-value"}]
OUTPUTS = [{"name": "number", "data_type": "integer"}, {"name": "note", "data_type": "file"}]

def execute(out_dir, **inputs):
    with open(f"{out_dir}/note.txt", "w") as f:
        f.write("hello")
    return {"number": int(inputs["start"]), "note": f"{out_dir}/note.txt"}
`;

/** Number of pixels within `tolerance` (per channel) of the colour #rrggbb. */
function pixelsNear(png: PNG, color: string, tolerance = 12): number {
  const value = Number.parseInt(color.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  let count = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (Math.abs(png.data[i]! - r) <= tolerance && Math.abs(png.data[i + 1]! - g) <= tolerance && Math.abs(png.data[i + 2]! - b) <= tolerance) count++;
  }
  return count;
}

/**
 * GET builder/v1/executions/{id}/pdf (spec 1 §2 Execution report, docs/execution-report.md):
 * real workflows run through the engine, then the PDF is read back with Debian's poppler
 * tools — its text with pdftotext, its first page as an image with pdftoppm.
 */
describe('execution report PDF', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;
  let tmp: string;
  let chain: WorkflowGraph;
  let files = 0;

  const getPdf = (id: string, headers: Headers | Record<string, never> = app.adminHeader) =>
    app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}/pdf`, headers });

  async function writePdf(body: Buffer): Promise<string> {
    const file = path.join(tmp, `report-${++files}.pdf`);
    await fs.writeFile(file, body);
    return file;
  }

  async function pdfText(body: Buffer): Promise<string> {
    const { stdout } = await run('pdftotext', ['-layout', await writePdf(body), '-']);
    return stdout;
  }

  async function firstPage(body: Buffer): Promise<PNG> {
    const file = await writePdf(body);
    const prefix = file.replace(/\.pdf$/, '');
    await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
    return PNG.sync.read(await fs.readFile(`${prefix}.png`));
  }

  /** Runs the chain emit-step -> double-one -> double-two from `start` until it ends; its id and identifier. */
  async function runChain(workflowIdentifier: string, start: string): Promise<{ id: string; identifier: string; status: string }> {
    const workflow = await seeds.workflow(workflowIdentifier, [chain]);
    const id = await seeds.run(workflow, [{ node_id: 'emit-step', items: [{ identifier: 'start', value: start }] }]);
    const row = await waitForStatus(app, id, ['success', 'failed']);
    return { id, identifier: row.identifier, status: row.status };
  }

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-execution-pdf-'));
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    await seeds.runnable('emit', EMIT, {
      inputs: [
        { name: 'start', dataType: 'integer', default: 2 },
        { name: 'mode', dataType: 'string', default: 'hidden-mode-value' },
      ],
      outputs: [
        { name: 'number', dataType: 'integer' },
        { name: 'note', dataType: 'file' },
      ],
    });
    await seeds.runnable('double', DOUBLE_WRAPPER, DOUBLE_SIGNATURE);
    chain = seeds.graph(
      [
        { id: 'emit-step', version: 'emit:1' },
        { id: 'double-one', version: 'double:1' },
        { id: 'double-two', version: 'double:1' },
      ],
      [
        ['emit-step', 'number', 'double-one', 'value'],
        ['double-one', 'number', 'double-two', 'value'],
      ],
    );
    chain.nodes[0]!.inputs = { start: { label: 'Start value' }, mode: { userVisible: false } };
  });
  afterAll(async () => {
    await app?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('reports a successful chain: summary, tasks, states, inputs, outputs and the colours of the drawings', async () => {
    const { id, identifier, status } = await runChain('pdf-chain', '5');
    expect(status).toBe('success');
    const response = await getPdf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ExecutionReport${id}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    for (const expected of ['Execution Report', identifier, 'Executed by', 'Workflow version', 'Engine reference', `local:${identifier}`]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(new RegExp(`${identifier}\\s+Success\\n`));
    for (const taskId of ['emit-step', 'double-one', 'double-two']) expect(text).toContain(taskId);
    expect(text).toMatch(/emit-step[^\n]+Success/);
    // outputs: 5 -> 10 -> 20, and the file output's URL
    expect(text).toMatch(/double-two\s+number\s+Integer\s+20/);
    expect(text).toMatch(/double-one\s+number\s+Integer\s+10/);
    expect(text).toMatch(/emit-step\s+number\s+Integer\s+5/);
    expect(text).toContain(`/builder/v1/executions/${id}/files/emit-step/note.txt`);
    // inputs: the user-visible one under its label, never the hidden one
    expect(text).toMatch(/Start value\s+5/);
    expect(text).not.toContain('hidden-mode-value');
    expect(text).not.toContain('Upstream failed');

    const page = await firstPage(response.rawPayload);
    expect(pixelsNear(page, TASK_STATE_COLORS.success)).toBeGreaterThan(300);
    expect(pixelsNear(page, TASK_STATE_COLORS.failed)).toBe(0);
  });

  it('reports a failed chain: failed and upstream_failed tasks in their colours, and the task error', async () => {
    const { id, identifier, status } = await runChain('pdf-failing', '-1');
    expect(status).toBe('failed');
    const response = await getPdf(id);
    expect(response.statusCode, response.body).toBe(200);

    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Execution Report');
    expect(text).toContain(identifier);
    // the badge beside the identifier, written as the web's badge writes it
    expect(text).toMatch(new RegExp(`${identifier}\\s+Failed\\n`));
    expect(text).toMatch(/emit-step[^\n]+Success/);
    expect(text).toMatch(/double-one[^\n]+Failed/);
    expect(text).toMatch(/double-two[^\n]+Upstream failed/);
    expect(text).toContain('negative values are not allowed');
    expect(text).toMatch(/emit-step\s+number\s+Integer\s+-1/);

    const page = await firstPage(response.rawPayload);
    expect(pixelsNear(page, TASK_STATE_COLORS.success)).toBeGreaterThan(100);
    expect(pixelsNear(page, TASK_STATE_COLORS.failed)).toBeGreaterThan(100);
    expect(pixelsNear(page, TASK_STATE_COLORS.upstream_failed)).toBeGreaterThan(100);
  });

  it('reports an execution that has not run yet', async () => {
    const workflow = await seeds.workflow('pdf-created', [chain]);
    const created = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/executions',
      headers: app.adminHeader,
      payload: { processor_id: workflow, inputs: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    const response = await getPdf(id);
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Not submitted');
    expect(text).toMatch(/Start time\s+n\/a/);
    expect(text).toContain('No tasks');
    expect(text).toContain('No outputs');
  });

  it('is refused without access, without a token and for an unknown execution', async () => {
    const { id } = await runChain('pdf-private', '3');
    const stranger = await app.userWithHeader('nils');
    const refused = await getPdf(id, stranger);
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.headers['content-type']).not.toContain('application/pdf');
    expect(refused.rawPayload.subarray(0, 5).toString()).not.toBe('%PDF-');

    const anonymous = await getPdf(id, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).not.toContain('application/pdf');

    expect((await getPdf('424242')).statusCode).toBe(404);
    expect((await getPdf('not-a-number')).statusCode).toBe(404);
  });
});

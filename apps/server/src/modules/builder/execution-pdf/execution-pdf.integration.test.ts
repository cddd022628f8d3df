import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskRow } from '../../../engine/store/tasks.repository.js';
import type { ExecutionRow } from '../executions.resource.js';
import { renderExecutionPdf } from './execution-pdf.js';
import { executionReportData } from './execution-report-data.js';
import { MAX_GRAPH_TASKS } from './pdf-graph.js';
import { ellipsize, pdfText } from './pdf-text.js';
import { MAX_TIMELINE_BARS, tickLabel, tickStep } from './pdf-timeline.js';

const run = promisify(execFile);
const BASE = Date.UTC(2024, 0, 1, 10, 0, 0);

/** An execution row of a fan-out: split -> work[0..n-1] -> merge, every child started 2 s after the previous one. */
function fanOut(children: number): { row: ExecutionRow; tasks: TaskRow[] } {
  const ids = ['split', ...Array.from({ length: children }, (_, i) => `work[${i}]`), 'merge'];
  const childIds = ids.slice(1, -1);
  const streams: Record<string, string[]> = { split: childIds, merge: [] };
  for (const id of childIds) streams[id] = ['merge'];
  const tasks = ids.map((id, i) => ({
    task_id: id,
    task_label: id,
    state: id === 'merge' ? 'upstream_failed' : i % 7 === 3 ? 'failed' : 'success',
    start_date: id === 'merge' ? null : new Date(BASE + i * 2000).toISOString(),
    end_date: id === 'merge' ? null : new Date(BASE + i * 2000 + 3000).toISOString(),
    try_number: 1,
    run: id.startsWith('work') ? `split[${i - 1}]` : '',
  }));
  const row = {
    id: 9,
    identifier: 'fan-20240101100000-0001',
    ownerId: 'olga',
    createdAt: new Date(BASE),
    label: 'Fan out ≥ Ωmega',
    processorId: 1,
    processorVersion: 1,
    status: 'failed',
    progress: 1,
    inputs: [
      {
        node_id: 'split',
        items: [{ identifier: 'items', label: 'Items', value: 'a,b,c', user_visible: true, user_editable: true, description: '', data_type: 'list-string' }],
      },
    ],
    executionResults: {
      info: { data: { streams } },
      tasks,
      data: [{ task_id: 'work[0]', key: 'text', value: 'Grüße – “quoted” 中文 ✓', type: 'string', type_label: 'String', label: 'text' }],
    },
    workflowExecutionOrder: { tasks: [], workflow: { identifier: 'fan', version: 1, 'dag-type': 'dynamic-list-splitter' } },
    workflowExecutionId: 'local:fan-20240101100000-0001',
    scheduleId: null,
    datastore: null,
    startTime: new Date(BASE),
    endTime: new Date(BASE + ids.length * 2000 + 3000),
  } as unknown as ExecutionRow;
  return { row, tasks: [] };
}

describe('pdf text', () => {
  it('keeps every character but control characters, and line breaks as one', () => {
    expect(pdfText('Grüße – “quoted” € … Ωmega ő ≥ →')).toBe('Grüße – “quoted” € … Ωmega ő ≥ →');
    expect(pdfText('tab\there\r\nline\rend')).toBe('tab here\nline\nend');
  });

  it('cuts long text with an ellipsis', () => {
    expect(ellipsize('abcdef', 4)).toBe('abc…');
    expect(ellipsize('abc', 4)).toBe('abc');
  });
});

describe('timeline axis', () => {
  it('picks a nice step with at most 8 intervals and labels it in its unit', () => {
    expect(tickStep(0.5)).toBe(0.1);
    expect(tickStep(5.5)).toBe(1);
    expect(tickStep(100)).toBe(15);
    expect(tickStep(3000)).toBe(600);
    expect(tickLabel(0.3, 0.1)).toBe('+0.3 s');
    expect(tickLabel(45, 15)).toBe('+45 s');
    expect(tickLabel(1200, 600)).toBe('+20 min');
    expect(tickLabel(7200, 3600)).toBe('+2 h');
  });
});

describe('renderExecutionPdf', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-pdf-unit-'));
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  async function textAndPages(pdf: Buffer): Promise<{ text: string; pages: number }> {
    const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
    await fs.writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
  }

  it('draws a fan-out of a few tasks with every task id, its text in the embedded Unicode font', async () => {
    const { row, tasks } = fanOut(4);
    const { text, pages } = await textAndPages(await renderExecutionPdf(executionReportData(row, tasks, new Date(BASE + 60_000))));
    for (const id of ['split', 'work[0]', 'work[3]', 'merge']) expect(text).toContain(id);
    expect(text).toContain('Grüße – “quoted”');
    expect(text).toContain('✓');
    expect(text).toContain('Fan out ≥ Ωmega');
    expect(pages).toBeLessThanOrEqual(2);
  });

  it('prints non-Latin labels as themselves, in the graph, the tables and the title', async () => {
    const { row, tasks } = fanOut(2);
    const label = 'Ελλάδα Москва';
    const greek = {
      ...row,
      label,
      inputs: [
        {
          node_id: 'split',
          items: [{ identifier: 'items', label, value: 'Αθήνα', user_visible: true, user_editable: true, description: '', data_type: 'string' }],
        },
      ],
    } as ExecutionRow;
    const { text } = await textAndPages(await renderExecutionPdf(executionReportData(greek, tasks, new Date(BASE + 60_000))));
    expect(text).toContain(label);
    expect(text).toContain('Αθήνα');
    expect(text).not.toContain('?');
  });

  it('keeps hundreds of tasks in shape: the graph is capped with a note, the timeline on one page, every task in the table', async () => {
    const { row, tasks } = fanOut(500);
    // (how fast it renders is not a test's business: no clock here)
    const { text, pages } = await textAndPages(await renderExecutionPdf(executionReportData(row, tasks, new Date(BASE + 60_000))));
    expect(text).toContain(`Graph of 502 tasks: too large to draw; see the tasks table.`);
    expect(MAX_GRAPH_TASKS).toBeLessThan(502);
    expect(text).toContain(`Timeline of the first ${MAX_TIMELINE_BARS} of 502 tasks by start`);
    expect(text).toContain('work[499]');
    expect(text).toMatch(/Page 1 of \d+/);
    // title page, timeline page, ~25 task rows per page
    expect(pages).toBeGreaterThan(10);
    expect(pages).toBeLessThan(30);
  });

  it('scales down a graph of some dozens of tasks instead of leaving it out', async () => {
    const { row, tasks } = fanOut(60);
    const { text } = await textAndPages(await renderExecutionPdf(executionReportData(row, tasks, new Date(BASE + 60_000))));
    expect(text).not.toContain('too large to draw');
  });
});

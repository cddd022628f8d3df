import { isTerminalTaskState } from '@asb/contracts';

/** A task of the running execution as its results record it. */
export interface EstimateTask {
  taskId: string;
  /** the graph node it runs (a child-run task '{node}[{i}]' runs node '{node}') */
  nodeId: string;
  state: string;
  startMs: number | null;
  endMs: number | null;
}

/** What earlier successful runs of the same workflow version took, task by task. */
export interface RunHistory {
  /** how many runs the durations come from; 0 = no history */
  runs: number;
  /** node id -> how long each of its successful tasks took (ms) */
  durations: ReadonlyMap<string, readonly number[]>;
}

interface PlannedTask {
  taskId: string;
  /** its actual start when it runs, else when it should start */
  plannedStartMs: number;
  plannedEndMs: number;
}

export interface Estimate {
  estimatedEndMs: number;
  basedOnRuns: number;
  /** the tasks not ended yet */
  plannedTasks: PlannedTask[];
  /** the chain that decides the end, first to last */
  criticalPath: string[];
}

interface EstimateInput {
  tasks: readonly EstimateTask[];
  /** each task's downstream task ids (executionResults' streams) */
  downstream: Readonly<Record<string, readonly string[]>>;
  history: RunHistory;
  nowMs: number;
}

/** The middle duration; of an even count, the mean of the two middle ones. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The tasks in an order where each comes after every task upstream of it; undefined on a cycle. */
function topologicalTasks(tasks: readonly EstimateTask[], upstream: Map<string, string[]>): EstimateTask[] | undefined {
  const ordered: EstimateTask[] = [];
  const placed = new Set<string>();
  let remaining = [...tasks];
  while (remaining.length > 0) {
    const ready = remaining.filter((task) => (upstream.get(task.taskId) ?? []).every((id) => placed.has(id)));
    if (ready.length === 0) return undefined;
    for (const task of ready) placed.add(task.taskId);
    ordered.push(...ready);
    remaining = remaining.filter((task) => !placed.has(task.taskId));
  }
  return ordered;
}

function upstreamOf(tasks: readonly EstimateTask[], downstream: EstimateInput['downstream']): Map<string, string[]> {
  const known = new Set(tasks.map((task) => task.taskId));
  const upstream = new Map<string, string[]>();
  for (const [source, targets] of Object.entries(downstream)) {
    if (!known.has(source)) continue;
    for (const target of targets) if (known.has(target)) upstream.set(target, [...(upstream.get(target) ?? []), source]);
  }
  return upstream;
}

/**
 * When a running execution should end (docs/estimates.md): every task not ended takes the
 * median of what its node took in earlier successful runs, starts when the last task above it
 * ends (not before now), and a running task ends at its start plus that median, or now when it
 * has run longer. The end is the latest planned end; the critical path follows, back from the
 * task that ends last, the upstream task that ended (or should end) last.
 *
 * No estimate (undefined), rather than a made-up one, without history, when a task still to
 * finish has no earlier duration, or when a node of the earlier runs has no task yet: a
 * dynamic-list-splitter's child runs exist once it has run, and how many there will be is
 * not known before.
 */
export function estimateExecution({ tasks, downstream, history, nowMs }: EstimateInput): Estimate | undefined {
  if (history.runs === 0 || tasks.length === 0) return undefined;
  const present = new Set(tasks.map((task) => task.nodeId));
  if ([...history.durations.keys()].some((nodeId) => !present.has(nodeId))) return undefined;
  const upstream = upstreamOf(tasks, downstream);
  const ordered = topologicalTasks(tasks, upstream);
  if (!ordered) return undefined;

  const ends = new Map<string, number>();
  const gatedBy = new Map<string, string>();
  const plannedTasks: PlannedTask[] = [];
  for (const task of ordered) {
    const above = upstream.get(task.taskId) ?? [];
    // the upstream task that ends last is the one this task waits for
    const gate = above.reduce<string | undefined>((latest, id) => (latest === undefined || ends.get(id)! > ends.get(latest)! ? id : latest), undefined);
    if (gate !== undefined) gatedBy.set(task.taskId, gate);
    const readyMs = gate === undefined ? nowMs : Math.max(nowMs, ends.get(gate)!);
    if (isTerminalTaskState(task.state)) {
      // a task that ended without running (upstream failed, skipped) takes no time
      ends.set(task.taskId, task.endMs ?? task.startMs ?? (gate === undefined ? nowMs : ends.get(gate)!));
      continue;
    }
    const typical = median(history.durations.get(task.nodeId) ?? []);
    if (typical === undefined) return undefined;
    // a task waiting to retry still has its failed attempt's times: it starts again
    const runningSince = task.state === 'running' ? task.startMs : null;
    const startMs = runningSince ?? readyMs;
    const endMs = runningSince === null ? startMs + typical : Math.max(nowMs, runningSince + typical);
    ends.set(task.taskId, endMs);
    plannedTasks.push({ taskId: task.taskId, plannedStartMs: startMs, plannedEndMs: endMs });
  }

  const last = ordered.reduce((latest, task) => (ends.get(task.taskId)! > ends.get(latest.taskId)! ? task : latest));
  const criticalPath = [last.taskId];
  for (let id = gatedBy.get(last.taskId); id !== undefined; id = gatedBy.get(id)) criticalPath.unshift(id);
  return { estimatedEndMs: ends.get(last.taskId)!, basedOnRuns: history.runs, plannedTasks, criticalPath };
}

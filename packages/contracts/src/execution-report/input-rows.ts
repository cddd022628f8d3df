import type { ExecutionInputGroup } from '../executions.js';

/** Encrypted (password) inputs never show in clear: the report shows this instead, as the engine's task rows do. */
export const ENCRYPTED_VALUE_MASK = '********';

/** One row of the inputs table: the input's label and its value, as the user may see it. */
export interface ReportInputRow {
  nodeId: string;
  identifier: string;
  label: string;
  value: string;
  encrypted: boolean;
  /** the input's data type (an EO-product type shows the product) */
  dataType: string;
}

/** An input stored encrypted, or a password input (even a hidden default): its value is never shown. */
function isSecret(item: ExecutionInputGroup['items'][number]): boolean {
  return item.encrypted === true || item.data_type === 'password';
}

/**
 * The inputs table (spec 1 §2: label, value; only inputs marked user-visible). The
 * execution stores each item with `user_visible` copied from the pinned workflow
 * version's input settings (workflowInputGroups: `userVisible`, default true) when it
 * was created, so the graph need not be read again. Encrypted and password values show
 * as ENCRYPTED_VALUE_MASK; an enum input its value's label (`value_label`). A label that several nodes use is followed by its node id.
 */
export function executionInputRows(inputs: ExecutionInputGroup[] | null | undefined): ReportInputRow[] {
  const rows = (inputs ?? []).flatMap((group) =>
    (group.items ?? [])
      .filter((item) => item.user_visible !== false)
      .map((item) => ({
        nodeId: group.node_id,
        identifier: item.identifier,
        label: item.label || item.identifier,
        // an enum input shows the label the user chose from, not its raw value
        // a stored secret named by tag shows its tag, never its value
        value: item.secret ? `Secret "${item.secret}"` : isSecret(item) ? ENCRYPTED_VALUE_MASK : (item.value_label ?? item.value ?? ''),
        encrypted: isSecret(item),
        dataType: item.data_type ?? '',
      })),
  );
  const nodesOfLabel = new Map<string, Set<string>>();
  for (const row of rows) nodesOfLabel.set(row.label, (nodesOfLabel.get(row.label) ?? new Set()).add(row.nodeId));
  return rows.map((row) => ((nodesOfLabel.get(row.label)?.size ?? 0) > 1 ? { ...row, label: `${row.label} (${row.nodeId})` } : row));
}

import type { ExecutionInputGroup } from '@asb/contracts';

export const ENCRYPTED_MASK = '••••';

export interface ShownInput {
  key: string;
  label: string;
  value: string;
  isEncrypted: boolean;
}

export interface ShownInputGroup {
  nodeId: string;
  items: ShownInput[];
}

/** The input parameters of an execution: only user-visible items (spec 1 §2); encrypted values are masked. */
export function shownInputs(groups: ExecutionInputGroup[] | null | undefined): ShownInputGroup[] {
  return (groups ?? [])
    .map((group) => ({
      nodeId: group.node_id,
      items: group.items
        .filter((item) => item.user_visible !== false)
        .map((item) => {
          const isEncrypted = item.encrypted === true || item.data_type === 'password';
          return {
            key: `${group.node_id}.${item.identifier}`,
            label: item.label || item.identifier,
            value: isEncrypted ? ENCRYPTED_MASK : (item.value ?? ''),
            isEncrypted,
          };
        }),
    }))
    .filter((group) => group.items.length > 0);
}

/** The bar's sections: pending and running as percentages of the active executions (both 0 when none is). */
export function activeShares({ pending, running }: { pending: number; running: number }): { pending: number; running: number } {
  const total = pending + running;
  if (total === 0) return { pending: 0, running: 0 };
  return { pending: (pending / total) * 100, running: (running / total) * 100 };
}

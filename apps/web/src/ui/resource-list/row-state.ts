import type { ListRow } from './types';

interface RowPermissions {
  change: boolean;
  delete: boolean;
  share: boolean;
}

/** The generic attributes a row may carry (users carry none of them). */
export interface RowState {
  identifier: string;
  isArchived: boolean;
  workspaces: Record<string, string>;
  permissions: RowPermissions;
}

const NONE: RowPermissions = { change: false, delete: false, share: false };

export function rowState(row: ListRow): RowState {
  const a = row.attributes as Partial<RowState>;
  return {
    identifier: typeof a.identifier === 'string' ? a.identifier : row.id,
    isArchived: a.isArchived === true,
    workspaces: a.workspaces ?? {},
    permissions: a.permissions ?? NONE,
  };
}

import { WorkspaceBadges } from '../WorkspaceBadges';
import { rowState } from './row-state';
import type { ListRow, ResourceColumn } from './types';

/** Reusable column: the row's workspaces as badges (at most 3, then '+N more'). */
export function workspacesColumn<A extends object>(): ResourceColumn<A> {
  return {
    key: 'workspaces',
    header: 'Workspaces',
    render: (row: ListRow<A>) => <WorkspaceBadges workspaces={rowState(row).workspaces} />,
  };
}

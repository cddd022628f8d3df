import type { WorkspaceRole } from '@asb/contracts';

/** The signed-in user as every permission check sees it. */
export interface Principal {
  id: number;
  username: string;
  isStaff: boolean;
  isSuperuser: boolean;
  /** workspace id -> roles */
  roles: Map<number, WorkspaceRole[]>;
}

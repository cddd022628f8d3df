import type { ExecutionFailure } from '@asb/contracts';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { ExecutionLike, ExecutionListPage } from './live-update';

/** A column of the list between the status and the actions. */
interface ExecutionColumn<T> {
  header: string;
  cell(execution: T): ReactNode;
  isNoWrap?: boolean;
}

/** One block of an expanded row (its inputs; a workflow's tasks). */
interface ExecutionDetail {
  title: string;
  content: ReactNode;
}

/**
 * What differs between the executions lists of workflows (spec 1 §2 Execution list) and of
 * applications and models (spec 3 §2 Executions lists and reports): one list page and one row
 * (ExecutionsPage, ExecutionRow) read it.
 */
export interface ExecutionKind<T extends ExecutionLike> {
  /** the page's heading and the table's name */
  title: string;
  empty: string;
  /** the service the central error handler names */
  service: string;
  /** what the expand button shows: 'input parameters' (spec 1) or 'inputs' (spec 3) */
  inputsName: string;
  /** spec 1: the workflow list has a search box and the bar of active executions */
  hasSearch: boolean;
  hasActiveBar: boolean;
  /** below this width the table scrolls */
  minWidth: number;
  columns: ExecutionColumn<T>[];
  useList(params: { page: number; search: string }): UseQueryResult<ExecutionListPage<T>>;
  /** the list queries a live update patches at once */
  listKey: QueryKey;
  /** the queries a live update reads again (the list, and what else shows these executions) */
  refreshKey: QueryKey;
  reportPath(id: string): string;
  /** the page comparing two executions selected in the list (docs/compare.md); without it the list selects none */
  comparePath?(ids: readonly [string, string]): string;
  /** buttons before 'Execution Report' (Stop, Submit, Delete, the schedule) */
  Actions?: ComponentType<{ execution: T }>;
  /** why it failed, on a line below the row */
  failure?(execution: T): ExecutionFailure | null;
  details(execution: T): ExecutionDetail[];
}

import type { Pagination } from '@asb/contracts';
import type { ReactNode } from 'react';

/**
 * One row of a resource list. JSON:API resources and usermgr users share this
 * envelope ({id, attributes}), which is what lets one list component serve both.
 */
export interface ListRow<A extends object = object> {
  id: string;
  attributes: A;
}

/** What the list asks its data source for (page is 1-based). */
export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search: string;
  filters: Record<string, string>;
}

interface ListPage<A extends object> {
  rows: ListRow<A>[];
  pagination: Pagination;
}

/** The created item, as the create modal reports it. */
export interface CreatedItem {
  id: string;
  identifier?: string;
  /** extra fields a resource returns once (e.g. a generated password) */
  [key: string]: unknown;
}

/**
 * Where the rows come from and what can be done with them. Only `key` and
 * `list` are required; the row menu offers the actions the source implements.
 */
export interface ListSource<A extends object> {
  /** TanStack Query key prefix; mutations invalidate everything under it */
  key: readonly unknown[];
  list(params: ListParams, signal?: AbortSignal): Promise<ListPage<A>>;
  create?(values: Record<string, string>): Promise<CreatedItem>;
  setArchived?(id: string, isArchived: boolean): Promise<unknown>;
  share?(id: string, workspaceIds: string[]): Promise<unknown>;
  remove?(id: string): Promise<unknown>;
}

/** How a resource is named in titles, buttons and notifications. */
export interface ResourceNoun {
  /** capitalised singular, e.g. 'Workspace' ('{Name} #{id} successfully created'; lower-cased in '1 workspace') */
  name: string;
  /** lower-case plural, e.g. 'workspaces' ('No {plural} found') */
  plural: string;
}

export interface ResourceColumn<A extends object> {
  key: string;
  header: string;
  render(row: ListRow<A>): ReactNode;
  /** server sort field; the header becomes a sort toggle when set */
  sortField?: string;
  width?: number | string;
  /** keeps the cell on one line (identifiers, dates) */
  noWrap?: boolean;
}

/** An entry of the Filters dropdown; `text` uses the filter-box syntax and may contain {username}. */
export interface FilterPreset {
  label: string;
  text: string;
}

export interface CreateField {
  name: string;
  label: string;
  placeholder?: string;
  description?: string;
  isRequired?: boolean;
  /** derived live from the other values and shown read-only (the slug) */
  derive?(values: Record<string, string>): string;
  /** applied to the value before it is sent */
  transform?(value: string): string;
  /** typed unseen (a password, a secret's value) */
  isSecret?: boolean;
}

export interface CreateConfig {
  /** e.g. 'New workspace' */
  buttonLabel: string;
  /** modal title; defaults to the button label */
  title?: string;
  /** defaults to 'Create' */
  submitLabel?: string;
  fields: CreateField[];
  /** the success notification text; defaults to '{Name} #{id} successfully created' */
  successMessage?(item: CreatedItem, values: Record<string, string>): string;
  /** notification duration; defaults to the 5 s of spec 1 §9 */
  successAutoClose?: number;
  /** where to go after creation (a detail route); none stays on the list */
  pathOf?(item: CreatedItem): string | undefined;
  /** runs after a successful creation (e.g. a follow-up call) */
  onCreated?(item: CreatedItem, values: Record<string, string>): Promise<void> | void;
  /** when set the modal stays open after success and shows this (a one-time password) */
  renderResult?(item: CreatedItem): ReactNode;
}

/** Texts the row actions need; the actions themselves come from the source. */
export interface RowActionsConfig<A extends object = object> {
  /** the confirmation text of the archive dialog */
  archiveText: string;
  /** what the delete dialog says beside the identifier (how many applications a collection holds) */
  deleteDetail?(row: ListRow<A>): ReactNode;
}

export interface EmptyTexts {
  none: string;
  noMatch: string;
  failed: string;
}

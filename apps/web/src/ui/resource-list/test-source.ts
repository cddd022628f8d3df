import type { BaseAttributes } from '@asb/contracts';
import { vi } from 'vitest';
import type { ListRow, ListSource } from './types';

/** A workspace-like row for tests. */
export function testRow(id: string, overrides: Partial<BaseAttributes> = {}): ListRow<BaseAttributes> {
  return {
    id,
    attributes: {
      identifier: `ws-${id}`,
      label: `Workspace ${id}`,
      slug: `ws-${id}`,
      ownerId: 'alice',
      isArchived: false,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
      workspaces: {},
      permissions: { change: true, delete: true, share: true },
      ...overrides,
    },
  };
}

/** An in-memory source whose functions are spies. */
export function fakeSource(rows: ListRow<BaseAttributes>[] = []) {
  return {
    key: ['test', 'workspaces'],
    list: vi.fn<ListSource<BaseAttributes>['list']>(() => Promise.resolve({ rows, pagination: { page: 1, pages: 1, count: rows.length } })),
    create: vi.fn<NonNullable<ListSource<BaseAttributes>['create']>>(() => Promise.resolve({ id: '9', identifier: 'new' })),
    setArchived: vi.fn<NonNullable<ListSource<BaseAttributes>['setArchived']>>(() => Promise.resolve({})),
    share: vi.fn<NonNullable<ListSource<BaseAttributes>['share']>>(() => Promise.resolve({})),
    remove: vi.fn<NonNullable<ListSource<BaseAttributes>['remove']>>(() => Promise.resolve(undefined)),
  } satisfies ListSource<BaseAttributes>;
}

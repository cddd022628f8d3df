import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { executions } from '../../modules/builder/executions.schema.js';
import { executionsRef } from './executions-ref.js';

const shape = (table: typeof executions | typeof executionsRef, names: string[]) =>
  getTableConfig(table)
    .columns.filter((column) => names.includes(column.name))
    .map((column) => ({ name: column.name, type: column.getSQLType().replace('serial', 'integer'), notNull: column.notNull }));

describe('the engine’s view of the executions table', () => {
  it('names the builder’s table and its columns as they are (a task’s foreign key, the claim’s status check)', () => {
    const ref = getTableConfig(executionsRef);
    expect(ref.name).toBe(getTableConfig(executions).name);
    const names = ref.columns.map((column) => column.name);
    expect(shape(executionsRef, names)).toEqual(shape(executions, names));
    expect(names).toEqual(['id', 'status']);
  });
});

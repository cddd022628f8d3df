import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { detailError } from '../http/errors.js';
import { MAX_ID } from '../http/ids.js';

/** filter[{name}]={id}: a positive integer (else 400); one past MAX_ID names nothing, so matches nothing (it never reaches the query). */
export function idFilter(name: string, column: AnyPgColumn, what: string): (value: string) => SQL {
  return (value) => {
    const id = Number(value);
    if (!/^\d+$/.test(value) || id <= 0) throw detailError(400, `filter[${name}] takes ${what}.`);
    return id > MAX_ID ? sql`false` : eq(column, id);
  };
}

/** filter[{name}]=true|false on a boolean column; anything else is a 400, never a silent no-match. */
export function booleanFilter(name: string, column: AnyPgColumn): (value: string) => SQL {
  return (value) => {
    if (value !== 'true' && value !== 'false') throw detailError(400, `filter[${name}] takes true or false.`);
    return eq(column, value === 'true');
  };
}

/** filter[{name}]=value, one of the allowed values. */
export function oneOfFilter(name: string, column: AnyPgColumn, allowed: readonly string[]): (value: string) => SQL {
  return (value) => {
    if (!allowed.includes(value)) throw detailError(400, `filter[${name}] takes one of ${allowed.join(', ')}.`);
    return eq(column, value);
  };
}

/**
 * Sort key of version values ("1", "2", ... "10"): numbers compare as numbers
 * because they are left-padded; other values still sort, as text.
 */
export function versionOrder(column: AnyPgColumn): SQL {
  return sql`lpad(${column}, 20, '0')`;
}

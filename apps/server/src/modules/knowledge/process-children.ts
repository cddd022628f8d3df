import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ParentLink } from '../../platform/resources/resource-definition.js';
import { ARCHIVED_PROCESS_TEXT } from './process-access.js';
import { processesResource } from './processes.resource.js';
import { processes } from './processes.schema.js';

/**
 * The link of buckets, versions and images to their process (processAccess
 * semantics through the generic machinery): visible when the process is, every
 * action needs that action on the process, archived processes are read-only, and
 * creating a child (a new unreleased version) needs 'change' on the process.
 */
export function processLink(foreignKey: AnyPgColumn, references?: AnyPgColumn): ParentLink {
  return {
    definition: processesResource,
    foreignKey,
    references,
    relationship: 'process',
    createAction: 'change',
    archivedMessage: ARCHIVED_PROCESS_TEXT,
  };
}

/** filter[processIdentifier] of buckets and versions: the spec's clients use it beside process__identifier. */
export function processIdentifierFilter(processId: AnyPgColumn): (value: string) => SQL {
  return (value) => inArray(processId, sql`(select ${processes.id} from ${processes} where ${processes.identifier} = ${value})`);
}

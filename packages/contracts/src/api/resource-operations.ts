import type { z } from 'zod';
import { baseAttributesSchema, listDocumentSchema, listQuerySchema, resourceDocumentSchema, writePayloadSchema } from '../jsonapi.js';
import { idParams, noContent, type OperationMap } from './operation.js';

export interface ResourceSchemas<A extends z.ZodType, C extends z.ZodType, U extends z.ZodType, L extends z.ZodType = A> {
  /** the type's own attributes (beside the base ones every resource has) */
  attributes: A;
  /**
   * the own attributes a row of the list carries, when the list's page shows less than the
   * item (the execution list leaves the results out: the whole document is the item route's);
   * default `attributes`
   */
  listed?: L;
  /** POST attributes */
  create: C;
  /** PATCH attributes (any subset) */
  update: U;
}

/** The attributes of one resource as answered: the base ones and the type's own. */
export function resourceAttributesSchema<A extends z.ZodObject>(own: A): ResourceAttributesSchema<A> {
  return baseAttributesSchema.extend(own.shape) as ResourceAttributesSchema<A>;
}
/** (named, not inferred: a generic instantiation would lose the type's own fields) */
export type ResourceAttributesSchema<A extends z.ZodObject> = ReturnType<typeof baseAttributesSchema.extend<A['shape']>>;

/** The JSON:API document of one resource of a contract's type: `{data: {type, id, attributes, relationships}}`. */
export function resourceDocumentOf<A extends z.ZodObject>(contract: { schemas: { attributes: A } }) {
  return resourceDocumentSchema(resourceAttributesSchema(contract.schemas.attributes));
}

/**
 * The generic JSON:API operations of one resource type (spec 1 §7): list, get, create,
 * change and share, archive, unarchive and delete, at `{base}` and `{base}/{id}`.
 */
export function resourceOperations<B extends string, A extends z.ZodObject, C extends z.ZodType, U extends z.ZodType, L extends z.ZodObject = A>(
  base: B,
  name: string,
  schemas: ResourceSchemas<A, C, U, L>,
) {
  const attributes = resourceAttributesSchema(schemas.attributes);
  const document = resourceDocumentSchema(attributes);
  const listed = resourceAttributesSchema(schemas.listed ?? schemas.attributes);
  return {
    [`GET ${base}`]: { summary: `List ${name}s`, query: listQuerySchema, response: listDocumentSchema(listed) },
    [`POST ${base}`]: { summary: `Create a ${name}`, body: writePayloadSchema, status: 201, response: document, attributes: schemas.create },
    [`GET ${base}/{id}`]: { summary: `One ${name}`, params: idParams, response: document },
    [`PATCH ${base}/{id}`]: {
      summary: `Change or share a ${name}`,
      params: idParams,
      body: writePayloadSchema,
      response: document,
      attributes: schemas.update,
    },
    [`PATCH ${base}/{id}/archive`]: { summary: `Archive a ${name}`, params: idParams, response: document },
    [`PATCH ${base}/{id}/unarchive`]: { summary: `Unarchive a ${name}`, params: idParams, response: document },
    [`DELETE ${base}/{id}`]: { summary: `Delete a ${name}`, params: idParams, status: 204, response: noContent },
  } as ResourceOperations<B, typeof attributes, C, U, ResourceAttributesSchema<L>>;
}

type Document<A extends z.ZodType> = ReturnType<typeof resourceDocumentSchema<A>>;

export type ResourceOperations<B extends string, A extends z.ZodType, C extends z.ZodType, U extends z.ZodType, LA extends z.ZodType = A> = {
  [K in `GET ${B}`]: { summary: string; query: typeof listQuerySchema; response: ReturnType<typeof listDocumentSchema<LA>> };
} & { [K in `POST ${B}`]: { summary: string; body: typeof writePayloadSchema; status: 201; response: Document<A>; attributes: C } } & {
  [K in `GET ${B}/{id}` | `PATCH ${B}/{id}/archive` | `PATCH ${B}/{id}/unarchive`]: { summary: string; params: typeof idParams; response: Document<A> };
} & { [K in `PATCH ${B}/{id}`]: { summary: string; params: typeof idParams; body: typeof writePayloadSchema; response: Document<A>; attributes: U } } & {
  [K in `DELETE ${B}/{id}`]: { summary: string; params: typeof idParams; status: 204; response: typeof noContent };
};

/** The body a client sends to create or change a resource whose attributes are `attributes`. */
export interface WriteBody<T> {
  data: {
    type: string;
    id?: string;
    attributes?: T;
    relationships?: Record<string, { data: { type: string; id: string } | { type: string; id: string }[] | null }>;
  };
}

/**
 * A resource type of the contract: where it lives, its names and its schemas, with its
 * operations. The server's definition of the type (platform/resources) takes all of
 * these from here; the web client's calls are typed from `operations`.
 */
export interface ResourceContract<
  P extends string = string,
  T extends string = string,
  A extends z.ZodObject = z.ZodObject,
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  L extends z.ZodObject = A,
> {
  /** service prefix, e.g. '/knowledge/v1' */
  prefix: P;
  /** URL segment and JSON:API type, e.g. 'workspaces' */
  type: T;
  /** human name used in messages, e.g. 'workspace' */
  name: string;
  schemas: ResourceSchemas<A, C, U, L>;
  operations: string extends P | T ? OperationMap : ResourceOperations<`${P}/${T}`, ResourceAttributesSchema<A>, C, U, ResourceAttributesSchema<L>>;
}

export function resourceContract<
  P extends string,
  T extends string,
  A extends z.ZodObject,
  C extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodObject = A,
>(prefix: P, type: T, name: string, schemas: ResourceSchemas<A, C, U, L>): ResourceContract<P, T, A, C, U, L> {
  const operations = resourceOperations(`${prefix}/${type}`, name, schemas);
  return { prefix, type, name, schemas, operations: operations as ResourceContract<P, T, A, C, U, L>['operations'] };
}

/**
 * A contract whose writes also take the type's payload as it is, not only in a JSON:API
 * envelope (the spec's schedule payload): the document and the client show `create` and
 * `update` as the bodies; the server reads both forms.
 */
export function withPlainWrites<
  P extends string,
  T extends string,
  A extends z.ZodObject,
  C extends z.ZodType,
  U extends z.ZodType,
  DC extends z.ZodType,
  DU extends z.ZodType,
>(contract: ResourceContract<P, T, A, C, U>, documents: { create: DC; update: DU }) {
  const base = `${contract.prefix}/${contract.type}`;
  const operations = { ...contract.operations } as Record<string, object>;
  operations[`POST ${base}`] = { ...operations[`POST ${base}`], documents: documents.create };
  operations[`PATCH ${base}/{id}`] = { ...operations[`PATCH ${base}/{id}`], documents: documents.update };
  return { ...contract, operations } as unknown as Omit<ResourceContract<P, T, A, C, U>, 'operations'> & {
    operations: ResourceContract<P, T, A, C, U>['operations'] & { [K in `POST ${P}/${T}`]: { documents: DC } } & {
      [K in `PATCH ${P}/${T}/{id}`]: { documents: DU };
    };
  };
}

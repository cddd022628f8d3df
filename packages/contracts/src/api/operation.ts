import { z } from 'zod';
import type { WriteBody } from './resource-operations.js';

/**
 * One typed contract (docs/architecture.md, "The contract"): every operation of the API is
 * written once here, keyed `"{METHOD} {path}"` with the OpenAPI path syntax (`{id}`, `{*}`
 * for the rest of a path). The server mounts its routes from these entries (the request is
 * validated, the answer checked against `response`) and the web client's calls are typed
 * from them, so neither side restates a path or a shape.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OperationKey = `${Method} /${string}`;

export interface Operation {
  summary?: string;
  /** path parameters: one string per `{name}` of the key (a schema may turn one into a number) */
  params?: z.ZodType<Record<string, unknown>>;
  query?: z.ZodType;
  /** the JSON body; `multipart` instead for a file upload (read by the route itself) */
  body?: z.ZodType;
  multipart?: true;
  /**
   * a generic JSON:API write (POST/PATCH of a resource): `body` is the envelope the route
   * validates, `attributes` what `data.attributes` must be (checked by the resource's
   * service, field by field); the OpenAPI document and the client see the precise body
   */
  attributes?: z.ZodType;
  /**
   * the precise body of a route that validates a looser `body` itself, so that its
   * errors point at the field (the execution payload, the spec's schedule payload):
   * what the document shows and the client sends
   */
  documents?: z.ZodType;
  /** the success status; default 200 (201 for a create, 204 for no content, 302 for a redirect) */
  status?: 200 | 201 | 202 | 204 | 302;
  /**
   * the JSON answer of the success status; `file` for an answer that is a file or a
   * stream of the given media type (a PDF, a GeoTIFF, a tile, an event stream);
   * `redirect` for a page the browser is sent on from (status 302, the target in
   * `Location`): a navigation, not a call of the client
   */
  response: z.ZodType | { file: string } | { redirect: true };
}

export type OperationMap = Record<OperationKey, Operation>;

/** Checks a family's operations against Operation without widening their types. */
export function defineOperations<const M extends OperationMap>(operations: M): M {
  return operations;
}

export type MethodOf<K extends string> = K extends `${infer M extends Method} ${string}` ? M : never;
export type PathOf<K extends string> = K extends `${Method} ${infer P}` ? P : never;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** `{id: string}` for `/x/{id}`; `{}` for a path without parameters */
export type PathParams<K extends string> = { [Name in ParamNames<PathOf<K>>]: string };

type Infer<S> = S extends z.ZodType ? z.output<S> : never;
type InferInput<S> = S extends z.ZodType ? z.input<S> : never;

/** what the client receives (the schema's output: the server checked the answer against it); a file is a Blob, a redirect nothing to read */
export type ResponseOf<O extends Operation> = O['response'] extends z.ZodType
  ? z.output<O['response']>
  : O['response'] extends { redirect: true }
    ? never
    : Blob;
/** what a handler may return (the schema's input: the server's serializer parses it) */
export type HandlerResult<O extends Operation> = O['response'] extends z.ZodType ? z.input<O['response']> : unknown;
export type BodyOf<O extends Operation> = O['multipart'] extends true
  ? never
  : O['documents'] extends z.ZodType
    ? z.input<O['documents']>
    : O['attributes'] extends z.ZodType
      ? WriteBody<z.input<O['attributes']>>
      : InferInput<O['body']>;
export type QueryOf<O extends Operation> = InferInput<O['query']>;
export type ParsedBodyOf<O extends Operation> = Infer<O['body']>;
export type ParsedQueryOf<O extends Operation> = Infer<O['query']>;
/** the path parameters a handler reads: the params schema's output, else one string per `{name}` */
export type ParsedParamsOf<K extends string, O extends Operation> = O['params'] extends z.ZodType ? z.output<O['params']> : PathParams<K>;

// zod-free, in a module of their own: the web shell's API client calls them, and importing
// them from here would bring zod (this module's schemas) into the shell (apps/web budget test)
export { fillPath, operationIdOf, splitKey } from './operation-path.js';

/** The path parameter `{id}` of most operations. */
export const idParams = z.object({ id: z.string() });

/** The largest id a PostgreSQL integer column holds: a bigger one names nothing (and must not reach a query). */
export const MAX_ID = 2_147_483_647;
/** A positive whole number in a path or query (a version, an attempt): past MAX_ID it is a 400, never a query. */
export const positiveNumber = z.coerce.number<string>().int().positive().max(MAX_ID);

/**
 * The body of every 4xx/5xx answer: `detail` for DRF-style clients, `errors` (JSON:API)
 * with a pointer per field (or the query parameter at fault), and field lists keyed by
 * attribute (docs/api.md, "Errors").
 */
export const errorObjectSchema = z.object({
  status: z.string(),
  title: z.string().optional(),
  detail: z.string(),
  code: z.string().optional(),
  source: z.union([z.object({ pointer: z.string() }), z.object({ parameter: z.string() })]).optional(),
});
export const errorBodySchema = z
  .object({ detail: z.string().optional(), errors: z.array(errorObjectSchema).optional() })
  .catchall(z.unknown())
  .meta({ id: 'ErrorBody' });

/** a 204 answer: no body */
export const noContent = z.null();

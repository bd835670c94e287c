/**
 * The string and integer inputs of every route, read from the app's own OpenAPI document (`/docs/json`): each JSON
 * body property of that type (nested objects and array items included) and each such path or query parameter.
 * Tests iterate over these so that a new route or field is covered without anyone remembering to add it.
 */
import type { App } from '../src/app.ts';
import { API } from './harness.ts';

/** `METHOD /path` as the OpenAPI document names the route, without the /api/v1 prefix: "PUT /datasets/files/{id}/meta". */
export type RouteName = string;

export interface StringInput {
  route: RouteName;
  /** Where the input is, as the 400 answer names it: "body/name", "body/files/0/name", "querystring/q", "params/filename". */
  pointer: string;
  /**
   * Only a fixed set of values (an enum) or a pattern of its own (a key, a memory size) is accepted: the answer
   * names the field and its own rule, not control characters.
   */
  restricted: boolean;
}

type Schema = {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string; schema?: Schema }[];
};

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export interface DocumentedOperation {
  route: RouteName;
  /** Lower-case, as the document has it. */
  method: string;
  /** Whether the path lies under /api/v1 (the route name then has the prefix taken off). */
  underApi: boolean;
  operation: Operation;
}

/** Every operation of the app's own OpenAPI document (`/docs/json`). */
export async function documentedOperations(app: App): Promise<DocumentedOperation[]> {
  const doc = (await app.inject({ url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const underApi = path.startsWith(API);
    return Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${underApi ? path.slice(API.length) : path}`, method, underApi, operation }));
  });
}
const PARAMETER_PLACES: Record<string, string> = { query: 'querystring', path: 'params' };

function hasType(schema: Schema, type: 'string' | 'integer'): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** The control-character rule of the contract's strings.ts is a pattern too, but not a rule of the field's own. */
function isRestricted(schema: Schema): boolean {
  return schema.enum !== undefined || schema.const !== undefined || (schema.pattern !== undefined && !schema.pattern.includes('\\u0000'));
}

/** Every place of `type` in a body schema (nested objects, array items and union branches; the first branch wins). */
function schemasOf(schema: Schema, type: 'string' | 'integer', pointer: string, out: Map<string, Schema>): void {
  if (hasType(schema, type) && !out.has(pointer)) out.set(pointer, schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) schemasOf(property, type, `${pointer}/${name}`, out);
  if (schema.items) schemasOf(schema.items, type, `${pointer}/0`, out);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) schemasOf(part, type, pointer, out);
}

/** Inputs of `type`: JSON body values of the write routes and path and query parameters of every route. */
async function typedInputs(app: App, type: 'string' | 'integer'): Promise<{ route: RouteName; pointer: string; schema: Schema }[]> {
  const inputs: { route: RouteName; pointer: string; schema: Schema }[] = [];
  for (const { route, method, underApi, operation } of await documentedOperations(app)) {
    if (!underApi) continue;
    const found = new Map<string, Schema>();
    const json = operation.requestBody?.content['application/json'];
    if (json && WRITE_METHODS.has(method)) schemasOf(json.schema, type, 'body', found);
    for (const parameter of operation.parameters ?? []) {
      const place = PARAMETER_PLACES[parameter.in];
      if (place && parameter.schema && hasType(parameter.schema, type)) found.set(`${place}/${parameter.name}`, parameter.schema);
    }
    for (const [pointer, schema] of found) inputs.push({ route, pointer, schema });
  }
  return inputs;
}

/**
 * Body string inputs of the write routes and string parameters of every route. Reads (GET) count too when they
 * take a string parameter: a NUL in a query or path must not reach the database or the file system either.
 */
export async function stringInputs(app: App): Promise<StringInput[]> {
  return (await typedInputs(app, 'string')).map(({ route, pointer, schema }) => ({ route, pointer, restricted: isRestricted(schema) }));
}

export interface IntegerInput {
  route: RouteName;
  /** Where the input is, as the 400 answer names it: "params/id", "querystring/groupId", "body/items/0/x". */
  pointer: string;
  minimum: number | undefined;
  maximum: number | undefined;
}

/** Inclusive bounds of an integer schema (JSON Schema's exclusive bounds made inclusive). */
function bounds(schema: Schema): Pick<IntegerInput, 'minimum' | 'maximum'> {
  const exclusive = (value: number | boolean | undefined, step: number) => (typeof value === 'number' ? value + step : undefined);
  return { minimum: schema.minimum ?? exclusive(schema.exclusiveMinimum, 1), maximum: schema.maximum ?? exclusive(schema.exclusiveMaximum, -1) };
}

/** Integer path and query parameters of every route, and integer JSON body values of the write routes. */
export async function integerInputs(app: App): Promise<IntegerInput[]> {
  return (await typedInputs(app, 'integer')).map(({ route, pointer, schema }) => ({ route, pointer, ...bounds(schema) }));
}

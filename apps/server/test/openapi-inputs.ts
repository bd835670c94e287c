/**
 * The string inputs of every route, read from the app's own OpenAPI document (`/docs/json`): each JSON body
 * property of type string (nested objects and array items included) and each string path or query parameter.
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

function isString(schema: Schema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** The control-character rule of the contract's strings.ts is a pattern too, but not a rule of the field's own. */
function isRestricted(schema: Schema): boolean {
  return schema.enum !== undefined || schema.const !== undefined || (schema.pattern !== undefined && !schema.pattern.includes('\\u0000'));
}

function stringsOf(schema: Schema, pointer: string, out: Map<string, boolean>): void {
  if (isString(schema)) out.set(pointer, out.get(pointer) ?? isRestricted(schema));
  for (const [name, property] of Object.entries(schema.properties ?? {})) stringsOf(property, `${pointer}/${name}`, out);
  if (schema.items) stringsOf(schema.items, `${pointer}/0`, out);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) stringsOf(part, pointer, out);
}

/**
 * Body string inputs of the write routes and string parameters of every route. Reads (GET) count too when they
 * take a string parameter: a NUL in a query or path must not reach the database or the file system either.
 */
export async function stringInputs(app: App): Promise<StringInput[]> {
  const inputs: StringInput[] = [];
  for (const { route, method, underApi, operation } of await documentedOperations(app)) {
    if (!underApi) continue;
    const found = new Map<string, boolean>();
    const json = operation.requestBody?.content['application/json'];
    if (json && WRITE_METHODS.has(method)) stringsOf(json.schema, 'body', found);
    for (const parameter of operation.parameters ?? []) {
      const place = PARAMETER_PLACES[parameter.in];
      if (place && parameter.schema && isString(parameter.schema)) found.set(`${place}/${parameter.name}`, isRestricted(parameter.schema));
    }
    for (const [pointer, restricted] of found) inputs.push({ route, pointer, restricted });
  }
  return inputs;
}

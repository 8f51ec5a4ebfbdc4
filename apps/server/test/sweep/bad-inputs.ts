import type { z } from 'zod';
import type { AnyCall } from '@venue/contract';

/**
 * Bad inputs generated from a call's zod schemas (zod v4): a valid-looking base request, then one
 * mutation per field per kind. The sweep (../sweep.test.ts) sends them; nobody writes them by hand, so a
 * new call or field is covered as soon as the contract has it.
 */

/** The part of a request a field sits in: JSON body, query string or path (both text on the wire). */
export type Part = 'body' | 'query' | 'params';

export const FIELD_KINDS = [
  'wrong-type',
  'empty',
  'long',
  'nul',
  'bel',
  'esc',
  'huge',
  'negative',
  'fractional',
  'hex',
  'exponent',
  'unicode',
  'missing',
  'nesting',
] as const;
/** Per-field kinds, and the whole-body ones: a body that is not an object, or no body at all. */
export type Kind = (typeof FIELD_KINDS)[number] | 'not-object' | 'no-body';

/** A request as it goes out: the body as JSON, query and path values as text. */
export interface RequestInput {
  body?: unknown;
  /** Sends no body at all (not even `null`). */
  noBody?: boolean;
  query?: Record<string, string | string[]>;
  params?: Record<string, string>;
}

export interface Mutation {
  part: Part;
  /** The field's path inside its part ("details.0.goodsId"); empty for a whole-body mutation. */
  field: string;
  kind: Kind;
  input: RequestInput;
  /**
   * True when the design says this input is bad whatever the field's own rules are (a control
   * character, a fractional or hex id, a number past any business maximum, a missing required field,
   * a string past its declared maximum...). The sweep reports such an input the schema accepts.
   */
  mustRefuse: boolean;
}

export interface CallPlan {
  name: string;
  call: AnyCall;
  /** `upload` calls take a multipart file; `download` calls answer a file (their refusals JSON). */
  type: 'json' | 'download' | 'upload';
  /** True when the call takes no body, query or path input (nothing to mutate). */
  noInput: boolean;
  base: RequestInput;
  /** Whether the base request passes the call's schemas (mutations then differ from a valid request in one place). */
  baseValid: boolean;
  fields: FieldInfo[];
  mutations: Mutation[];
}

export interface FieldInfo {
  part: Part;
  path: (string | number)[];
  info: SchemaInfo;
}

// ---- reading zod v4 schemas ----

type Def = { type: string; [key: string]: unknown };
type Check = { _zod: { def: { check: string; [key: string]: unknown } } };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export type Core = 'string' | 'number' | 'numeric-text' | 'boolean' | 'enum' | 'literal' | 'array' | 'object' | 'record' | 'null' | 'other';

/** What the sweep needs to know of one field's schema. */
export interface SchemaInfo {
  core: Core;
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
  /** A whole number (an id, a count): fractions, hex and exponents are bad input. */
  integer: boolean;
  maxLength?: number;
  minLength?: number;
  /** Array limits. */
  maxItems?: number;
  values?: unknown[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  /** The schema with its optional/default/nullable wrappers removed. */
  inner: z.ZodType;
}

const checksOf = (schema: z.ZodType): Check['_zod']['def'][] => ((defOf(schema).checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** The first number/string schema a pipe or union is made of, for its limits. */
function leaves(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (def.type === 'pipe') return [...leaves(def.in as z.ZodType), ...leaves(def.out as z.ZodType)];
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap(leaves);
  if (def.type === 'lazy') return leaves((def.getter as () => z.ZodType)());
  return [schema];
}

export function describeSchema(schema: z.ZodType): SchemaInfo {
  let optional = false;
  let nullable = false;
  let hasDefault = false;
  let inner = schema;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional') optional = true;
    else if (def.type === 'nullable') nullable = true;
    else if (def.type === 'default' || def.type === 'prefault') hasDefault = true;
    else if (def.type === 'lazy') {
      inner = (def.getter as () => z.ZodType)();
      continue;
    } else if (def.type !== 'readonly') break;
    inner = def.innerType as z.ZodType;
  }
  const def = defOf(inner);
  const info: SchemaInfo = { core: 'other', optional, nullable, hasDefault, integer: false, inner };
  const parts = leaves(inner);
  const types = parts.map((p) => defOf(p).type);
  const checks = parts.flatMap(checksOf);
  info.integer = checks.some((c) => c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32'));
  const maxLength = checks.find((c) => c.check === 'max_length');
  const minLength = checks.find((c) => c.check === 'min_length');
  if (def.type === 'object') {
    info.core = 'object';
    info.shape = def.shape as Record<string, z.ZodType>;
  } else if (def.type === 'array') {
    info.core = 'array';
    info.element = def.element as z.ZodType;
    if (maxLength) info.maxItems = maxLength.maximum as number;
    if (minLength) info.minLength = minLength.minimum as number;
  } else if (def.type === 'record') info.core = 'record';
  else if (def.type === 'enum') {
    info.core = 'enum';
    info.values = Object.values(def.entries as Record<string, unknown>);
  } else if (def.type === 'literal') {
    info.core = 'literal';
    info.values = def.values as unknown[];
  } else if (def.type === 'boolean') info.core = 'boolean';
  else if (def.type === 'null') info.core = 'null';
  // id(): a number, or digits as text
  else if (types.includes('number') && types.includes('string')) info.core = 'numeric-text';
  else if (types[0] === 'number') info.core = 'number';
  else if (types[0] === 'string') {
    info.core = 'string';
    if (maxLength) info.maxLength = maxLength.maximum as number;
    if (minLength) info.minLength = minLength.minimum as number;
  }
  return info;
}

// ---- a valid-looking base value ----

const STRING_CANDIDATES = [
  '1',
  'A',
  'a',
  'abcdef',
  '2026-01-01 00:00:00',
  '13800000000',
  'M',
  'GOODS_SALE',
  '测试',
  '192.168.1.1',
  '08:00',
  '2026-01-01',
  '110101199001011234',
  '/logo.svg',
  // a month (yyyy-MM: 课程培训's coach hours)
  '2026-01',
];

/** Candidates for one field, in the field's wire form (`text`: query and path values are strings). */
function candidates(info: SchemaInfo, text: boolean): unknown[] {
  const asText = (values: unknown[]) => (text ? values.map(String) : values);
  switch (info.core) {
    case 'string':
      return STRING_CANDIDATES;
    case 'number':
    case 'numeric-text':
      // 60: a count with a floor above 2 (a lesson's minutes)
      return asText([1, 2, 0, 0.5, 1000, 60]);
    case 'boolean':
      return asText([true]);
    case 'enum':
    case 'literal':
      return asText(info.values ?? []);
    case 'array':
      return [[baseValue(info.element!, text)]];
    case 'object':
      return [Object.fromEntries(Object.entries(info.shape!).map(([key, schema]) => [key, baseValue(schema, text)]))];
    case 'record':
      return [{}];
    case 'null':
      return [null];
    default:
      return [text ? '1' : 1];
  }
}

/** The first candidate the field's schema takes (else the first candidate). */
export function baseValue(schema: z.ZodType, text = false): unknown {
  const info = describeSchema(schema);
  const all = candidates(info, text);
  return all.find((value) => schema.safeParse(value).success) ?? all[0];
}

// ---- mutations ----

/** A list of ids as text ("1,2,3"): its items are ids. Other text named *Id (a card number) is text. */
const isIdListName = (name: string) => /^ids$|Ids$/.test(name);
const CONTROL = { nul: '\u0000', bel: '\u0007', esc: '\u001b' } as const;

interface FieldMutation {
  kind: Kind;
  /** undefined with `missing`: the field is left out. */
  value?: unknown;
  mustRefuse: boolean;
}

/**
 * The mutations of one field. `name` is the field's own name (an array element takes its array's),
 * `base` its base value, `text` whether the wire carries it as text.
 */
export function fieldMutations(schema: z.ZodType, name: string, base: unknown, text: boolean, element = false): FieldMutation[] {
  const info = describeSchema(schema);
  const numeric = info.core === 'number' || info.core === 'numeric-text';
  const idList = info.core === 'string' && isIdListName(name);
  /** An id (positive) or a list of them; other whole numbers (a stock change) may be negative. */
  const idLike = (numeric && /^id$|Id$/.test(name)) || idList;
  const whole = numeric ? info.integer : idList;
  const wire = (value: unknown) => (text && typeof value !== 'string' && !Array.isArray(value) ? String(value) : value);
  const out: FieldMutation[] = [];
  const add = (kind: Kind, value: unknown, mustRefuse: boolean) => out.push({ kind, value: wire(value), mustRefuse });
  const baseText = typeof base === 'string' && base !== '' ? base : 'a';

  // wrong type: text where a number/boolean/list/object belongs, a number where text belongs
  if (info.core === 'string') add('wrong-type', text ? ['a', 'b'] : 12345, true);
  else if (info.core === 'array' || info.core === 'object' || info.core === 'record') add('wrong-type', text ? 'abc' : 'abc', true);
  else add('wrong-type', text ? 'abc' : info.core === 'boolean' ? 'true' : 'abc', true);

  // an empty id list ("") is an empty choice; an empty id or number is no number
  add('empty', info.core === 'array' ? [] : info.core === 'object' || info.core === 'record' ? (text ? '' : {}) : '', numeric || info.core === 'boolean');

  if (info.core === 'array') {
    const items = (info.maxItems ?? 1000) + 1;
    add(
      'long',
      Array.from({ length: items }, () => (Array.isArray(base) ? base[0] : 1)),
      true,
    );
  } else if (numeric || info.core === 'boolean') {
    add('long', '1'.repeat(300), true);
  } else {
    // past the declared maximum; a string without one gets 1000 characters (within every body limit)
    add('long', 'x'.repeat((info.maxLength ?? 999) + 1), true);
  }

  for (const [kind, c] of Object.entries(CONTROL) as [Kind, string][]) add(kind, `${baseText}${c}${baseText}`, true);

  if (numeric || idList) {
    add('huge', text ? '100000000000000000000' : 1e20, true);
    add('negative', text ? '-1' : -1, idLike);
    add('fractional', text ? '1.5' : 1.5, whole);
    add('hex', '0x10', true);
    add('exponent', '1e3', true);
    add('unicode', '😀', true);
  } else if (info.core === 'enum' || info.core === 'literal' || info.core === 'boolean') {
    add('unicode', '😀', true);
  } else if (info.core === 'string') {
    add('unicode', '测试😀𠀀', false);
  }

  // an array element left out leaves a shorter array, which is no bad input by itself
  if (!info.optional && !info.hasDefault && !element) out.push({ kind: 'missing', mustRefuse: true });
  add('nesting', text ? [String(base ?? '1'), String(base ?? '1')] : { value: base }, true);
  return out;
}

// ---- plans ----

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function setAt(target: unknown, path: (string | number)[], value: unknown, remove: boolean) {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

/** Every field of a JSON body, depth first, entering the first element of arrays of objects or ids. */
function walk(schema: z.ZodType, path: (string | number)[], name: string, out: { path: (string | number)[]; schema: z.ZodType; name: string }[]) {
  const info = describeSchema(schema);
  if (path.length) out.push({ path, schema, name });
  if (info.core === 'object') for (const [key, field] of Object.entries(info.shape!)) walk(field, [...path, key], key, out);
  if (info.core === 'array' && path.length) walk(info.element!, [...path, 0], name, out);
}

const partsOf = (call: AnyCall) => {
  const c = call as { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
  return { body: c.body, query: c.query, params: c.params };
};

/** Parses a request part with the call's own schema, as the server does before any handler runs. */
export function accepts(call: AnyCall, input: RequestInput): boolean {
  const { body, query, params } = partsOf(call);
  if (body && !body.safeParse(input.noBody ? undefined : input.body).success) return false;
  if (query && !query.safeParse(input.query ?? {}).success) return false;
  if (params && !params.safeParse(input.params ?? {}).success) return false;
  return true;
}

export function planCall(name: string, call: AnyCall): CallPlan {
  const type = 'kind' in call ? call.kind : 'json';
  const parts = partsOf(call);
  const base: RequestInput = {};
  if (parts.body) base.body = baseValue(parts.body, false);
  if (parts.query) base.query = baseValue(parts.query, true) as Record<string, string>;
  if (parts.params) base.params = baseValue(parts.params, true) as Record<string, string>;
  const fields: FieldInfo[] = [];
  const mutations: Mutation[] = [];
  for (const part of ['body', 'query', 'params'] as const) {
    const schema = parts[part];
    if (!schema) continue;
    const text = part !== 'body';
    const found: { path: (string | number)[]; schema: z.ZodType; name: string }[] = [];
    walk(schema, [], '', found);
    for (const field of found) {
      fields.push({ part, path: field.path, info: describeSchema(field.schema) });
      const fieldBase = field.path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], base[part]);
      // Query and path values are one level deep: an array element only in a JSON body.
      for (const m of fieldMutations(field.schema, field.name, fieldBase, text, typeof field.path.at(-1) === 'number')) {
        const input = clone(base);
        setAt(input[part], field.path, m.value, m.kind === 'missing');
        mutations.push({ part, field: field.path.join('.'), kind: m.kind, input, mustRefuse: m.mustRefuse });
      }
    }
    if (part === 'body') {
      for (const value of [null, [], 'x', 42])
        mutations.push({ part, field: '', kind: 'not-object', input: { ...clone(base), body: value }, mustRefuse: true });
      mutations.push({ part, field: '', kind: 'no-body', input: { ...clone(base), body: undefined, noBody: true }, mustRefuse: true });
    }
  }
  const noInput = !parts.body && !parts.query && !parts.params && type !== 'upload';
  return { name, call, type, noInput, base, baseValid: accepts(call, base), fields, mutations };
}

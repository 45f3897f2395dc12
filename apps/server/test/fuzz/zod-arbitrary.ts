import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from zod 4 schemas (no maintained mapper supports zod 4). Values lean
 * valid (formats, lengths, bounds, enums are honoured where the schema states them), so requests
 * reach the handlers; with `hostile`, any node may instead be a value chosen to break things.
 */
export interface ArbitraryOptions {
  hostile: boolean;
  /** Ids and slugs of rows that exist, so that some requests reach them rather than a 404. */
  known?: { ids: string[]; slugs: string[] };
}

interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values that have broken servers before: NUL, lone surrogates, markup, SQL, paths, extremes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uFFFF',
    '<img src=x onerror=alert(1)>',
    "' OR '1'='1' --",
    '../../../../etc/passwd',
    '%00',
    '%zz',
    '\u202Eevil',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎬',
    'x'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1,
    0.5,
    null,
    true,
    [],
    {},
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

const awkwardCharacter = fc.constantFrom('a', 'Z', ' ', '\u0000', '\u0007', '\u001b', '<', '>', '"', "'", '\\', '%', 'é', '\u200b', '\uD800', '\uDC00', '🎬');

export function arbitraryOf(schema: z.ZodType, options: ArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const base = validLeaning(schema, options, depth);
  return options.hostile ? fc.oneof({ weight: 8, arbitrary: base }, { weight: 1, arbitrary: hostileValue }) : base;
}

function validLeaning(schema: z.ZodType, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const child = (inner: z.ZodType) => arbitraryOf(inner, options, depth + 1);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, checks, options.known);
    case 'number':
    case 'int':
      return numberArbitrary(def, checks);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(child(def.innerType!), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(child(def.innerType!), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return child(def.innerType!);
    case 'union':
      return fc.oneof(...def.options!.map(child));
    case 'pipe':
      return child(def.in!);
    case 'lazy':
      return depth > 4 ? fc.constant(null) : child(def.getter!());
    case 'array': {
      const lengths = lengthBounds(checks, 4);
      return fc.array(child(def.element!), lengths);
    }
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), child(def.valueType!), { maxKeys: 4 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape!).map(([key, value]) => [key, child(value)])));
    default:
      // any, unknown, custom (files) and anything this mapper does not know: some JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function lengthBounds(checks: CheckDef[], cap: number) {
  const min = Math.max(0, ...checks.filter((c) => c.check === 'min_length' || c.check === 'length_equals').map((c) => c.minimum ?? c.value ?? 0));
  const maxes = checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? Infinity);
  const max = Math.min(Math.max(min, Math.min(cap, ...maxes)), ...maxes);
  return { minLength: min, maxLength: Math.max(min, max) };
}

function stringArbitrary(def: Def, checks: CheckDef[], known: ArbitraryOptions['known']): fc.Arbitrary<string> {
  const formats = [def.format, ...checks.map((c) => (c.check === 'string_format' ? c.format : undefined))].filter(Boolean);
  const pattern = def.pattern ?? checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern;
  const { minLength, maxLength } = lengthBounds(checks, 40);
  const fits = (s: string) => s.length >= minLength && s.length <= Math.max(maxLength, minLength);
  if (formats.includes('uuid') || formats.includes('guid')) {
    return known?.ids.length ? fc.oneof(fc.constantFrom(...known.ids), fc.uuid()) : fc.uuid();
  }
  if (known?.slugs.length && pattern?.source.startsWith('^[a-z0-9]+')) {
    return fc.oneof(fc.constantFrom(...known.slugs), fc.stringMatching(pattern).filter(fits));
  }
  if (formats.includes('email')) return fc.emailAddress().filter((s) => s.length <= 254);
  if (formats.includes('url')) return fc.webUrl();
  if (formats.includes('datetime')) return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString());
  if (formats.includes('date')) return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString().slice(0, 10));
  if (pattern) {
    try {
      return fc.stringMatching(pattern).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from: plain strings, mostly refused.
    }
  }
  const length = { minLength, maxLength: Math.max(minLength, maxLength) };
  return fc.oneof(
    fc.string(length),
    fc.string({ unit: 'grapheme', ...length }),
    // Characters that are valid JSON but trouble for storage and markup.
    fc.string({ unit: awkwardCharacter, ...length }),
  );
}

function numberArbitrary(def: Def, checks: CheckDef[]): fc.Arbitrary<number> {
  const integer = def.format === 'safeint' || def.format === 'int32' || checks.some((c) => c.check === 'number_format');
  let min = integer ? -(2 ** 40) : -1e12;
  let max = integer ? 2 ** 40 : 1e12;
  for (const c of checks) {
    if (c.check === 'greater_than' && c.value !== undefined) min = Math.max(min, c.inclusive ? c.value : c.value + (integer ? 1 : 1e-9));
    if (c.check === 'less_than' && c.value !== undefined) max = Math.min(max, c.inclusive ? c.value : c.value - (integer ? 1 : 1e-9));
  }
  if (integer) {
    const lo = Math.ceil(min);
    const hi = Math.max(lo, Math.floor(max));
    // Small values reach real rows and pages; the bounds themselves find off-by-one errors.
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi), fc.integer({ min: Math.max(lo, -5), max: Math.max(Math.min(hi, 50), Math.max(lo, -5)) }));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * fast-check arbitraries derived from a route's zod schemas: values that pass them (to keep the other parts of a
 * request valid) and values that do not (wrong types per field, missing required fields, unknown fields, huge
 * strings, deeply nested junk). Callers still filter with `schema.safeParse(x).success === false` on what the
 * server will see, so every generated case is really invalid.
 */
import fc from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  valueType?: z.ZodType;
  format?: string;
  coerce?: boolean;
}
interface Introspected {
  _zod: { def: Def; optin?: string };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  format?: string | null;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as Introspected)._zod.def;

/** strips optional / default / nullable / pipe wrappers */
export const unwrap = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema);
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') && def.innerType)
    return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
};

export const objectShape = (schema: z.ZodType): Record<string, z.ZodType> | null => {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? def.shape : null;
};

export const isStrictObject = (schema: z.ZodType): boolean => {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never';
};

export const isRequiredKey = (schema: z.ZodType): boolean => !schema.safeParse(undefined).success;

const KNOWN_EMAILS = ['admin@stramien.test', 'user@stramien.test'];
/** never a known account: the token route may only record a failed sign-in for a known e-mail */
const notKnownEmail = (v: unknown) => typeof v !== 'string' || !KNOWN_EMAILS.includes(v.trim().toLowerCase());

/**
 * Values shaped by the schema. With `accepted` (the default) only values the schema accepts are kept;
 * without it the values are a starting shape for mutations: a refinement (a password policy, two fields
 * that must match) makes accepted values too rare to find by filtering.
 */
export const validArbitrary = (schema: z.ZodType, { accepted = true }: { accepted?: boolean } = {}): fc.Arbitrary<unknown> => {
  const build = (s: z.ZodType): fc.Arbitrary<unknown> => {
    const def = defOf(s);
    const info = s as unknown as Introspected;
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        return fc.option(build(def.innerType!), { nil: undefined, freq: 3 });
      case 'nullable':
        return fc.option(build(def.innerType!), { nil: null, freq: 3 });
      case 'pipe':
        return build(def.in!);
      case 'string': {
        const format = def.format ?? info.format;
        if (format === 'uuid' || format === 'guid') return fc.uuid({ version: 4 });
        if (format === 'email') return fc.emailAddress();
        const min = info.minLength ?? 0;
        const max = info.maxLength ?? min + 40;
        const plain = fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, min + 40) });
        // an unknown format: offer the common shapes too, the schema's own check picks
        return format
          ? fc.oneof(
              plain,
              fc.uuid({ version: 4 }),
              fc.emailAddress(),
              fc.webUrl(),
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            )
          : plain;
      }
      case 'number': {
        const min = info.minValue ?? -1_000_000;
        const max = info.maxValue ?? 1_000_000;
        return info.isInt
          ? fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) })
          : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'literal':
        return fc.constantFrom(...(def.values ?? []));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'object': {
        const shape = def.shape ?? {};
        const requiredKeys = Object.keys(shape).filter((k) => isRequiredKey(shape[k]!));
        const parts = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, build(unwrapOptional(v))]));
        return fc.record(parts, { requiredKeys });
      }
      case 'array':
        return fc.array(build(def.element!), { maxLength: 3 });
      case 'record':
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), build(def.valueType!), { maxKeys: 3 });
      case 'union':
        return fc.oneof(...(def.options ?? []).map(build));
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return build(schema).filter((v) => notKnownEmail(v) && noKnownEmailInside(v) && (!accepted || schema.safeParse(v).success));
};

const unwrapOptional = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema);
  return def.type === 'optional' && def.innerType ? def.innerType : schema;
};

const noKnownEmailInside = (v: unknown): boolean =>
  v === null || typeof v !== 'object' ? notKnownEmail(v) : Object.values(v as Record<string, unknown>).every(noKnownEmailInside);

/** strings from 10k characters up to 300k, of a repeated random unit */
export const hugeString = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 10_000, max: 300_000 }))
    .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));

/** arrays or objects nested 50 to 2,000 levels deep */
export const deeplyNested = (): fc.Arbitrary<unknown> =>
  fc.tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean(), fc.jsonValue({ maxDepth: 1 })).map(([depth, arrays, leaf]) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });

/** any JSON value, including the edge cases a parser or validator trips on */
export const junkValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        1.5,
        1e308,
        -1e308,
        '',
        ' ',
        '\u0000',
        [],
        {},
        [null],
        { $gt: '' },
        '__proto__',
      ),
    },
    { weight: 1, arbitrary: hugeString() },
    { weight: 1, arbitrary: deeplyNested() },
  );

/** JSON-ish documents that fail the schema: junk, wrong field types, missing required fields, unknown fields */
export const invalidJsonArbitrary = (schema: z.ZodType): fc.Arbitrary<unknown> => {
  const shape = objectShape(schema);
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [{ weight: 2, arbitrary: junkValue() }];
  if (shape && Object.keys(shape).length > 0) {
    const keys = Object.keys(shape);
    const base = validArbitrary(unwrap(schema), { accepted: false }).map((v) =>
      v && typeof v === 'object' ? (v as Record<string, unknown>) : {},
    );
    const required = keys.filter((k) => isRequiredKey(shape[k]!));
    // one or more fields with a value of a wrong type (or too long, or nested junk)
    options.push({
      weight: 5,
      arbitrary: fc
        .tuple(
          base,
          fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: keys.length }),
          fc.array(junkValue(), { minLength: keys.length, maxLength: keys.length }),
        )
        .map(([b, fields, values]) => ({ ...b, ...Object.fromEntries(fields.map((f, i) => [f, values[i]])) })),
    });
    if (required.length > 0) {
      options.push({
        weight: 3,
        arbitrary: fc
          .tuple(base, fc.uniqueArray(fc.constantFrom(...required), { minLength: 1, maxLength: required.length }))
          .map(([b, drop]) => {
            const copy = { ...b };
            for (const k of drop) delete copy[k];
            return copy;
          }),
      });
    }
    // unknown fields: invalid only where the schema is strict (the caller's filter decides)
    options.push({
      weight: isStrictObject(schema) ? 3 : 1,
      arbitrary: fc
        .tuple(
          base,
          fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !keys.includes(k)),
            junkValue(),
            { minKeys: 1, maxKeys: 4 },
          ),
        )
        .map(([b, extra]) => ({ ...b, ...extra })),
    });
    // a known field far over any sensible length
    options.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...keys), hugeString()).map(([b, k, s]) => ({ ...b, [k]: s })),
    });
  }
  return fc.oneof(...options);
};

/** what JSON.stringify then JSON.parse makes of a value: what the server's parser sees */
export const overTheWire = (value: unknown): unknown => {
  const json = JSON.stringify(value);
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
};

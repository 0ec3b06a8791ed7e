/**
 * fast-check arbitraries derived from an io-ts codec: values that are mostly valid, with wrong types,
 * missing required fields, extra keys and near-miss enum values mixed in at every depth. Derived from the
 * codec so a field added to a codec is exercised without touching the specs.
 */
import fc from 'fast-check';
import type * as t from 'io-ts';

/** Values of every kind a host might pass by mistake (no sparse arrays: see fieldGuards.ts). */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, null, true, 0, -0, NaN, '', 'x', [], {}),
  fc.anything({
    maxDepth: 1,
    maxKeys: 2,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withTypedArray: true,
    withSparseArray: false,
  }),
  fc.constant(Object.create(null) as unknown),
);

const KEYS = fc.constantFrom('a', 'tool_name', 'prompt', 'role', 'session_id', 'hook_event_name', '__proto__', 'x/y');

const record: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(KEYS, fc.jsonValue({ maxDepth: 1 }), {
  maxKeys: 2,
});

type Known =
  | t.UnknownType
  | t.StringType
  | t.NumberType
  | t.BooleanType
  | t.AnyDictionaryType
  | t.KeyofType<Record<string, unknown>>
  | t.ArrayType<t.Mixed>
  | t.InterfaceType<t.Props>
  | t.PartialType<t.Props>
  | t.IntersectionType<t.Mixed[]>;

/** `{ key: [codec, required] }` for an object codec made of type / partial / intersection. */
const propsOf = (codec: Known): Record<string, [t.Mixed, boolean]> => {
  if (codec._tag === 'InterfaceType' || codec._tag === 'PartialType') {
    const required = codec._tag === 'InterfaceType';
    return Object.fromEntries(Object.entries(codec.props).map(([key, type]) => [key, [type, required]]));
  }
  if (codec._tag === 'IntersectionType') {
    return Object.fromEntries(codec.types.flatMap((type) => Object.entries(propsOf(type as Known))));
  }
  return {};
};

/** Valid values of `codec`, except that each part is replaced by junk with probability 1 / (1 + validWeight). */
export const nearlyValid = (codec: t.Mixed, validWeight = 6): fc.Arbitrary<unknown> => {
  const known = codec as Known;
  const or = (valid: fc.Arbitrary<unknown>, wrong: fc.Arbitrary<unknown> = junk) =>
    fc.oneof({ arbitrary: valid, weight: validWeight }, { arbitrary: wrong, weight: 1 });
  // A tool's result (`tool_response`): any JSON value is valid.
  if (codec.name === 'any JSON value') return fc.oneof(fc.jsonValue({ maxDepth: 1 }), junk);
  switch (known._tag) {
    // Free-form fields (a model switch's `pricing`): every value is valid.
    case 'UnknownType':
      return fc.oneof(fc.jsonValue({ maxDepth: 1 }), junk);
    case 'StringType':
      return or(fc.string({ maxLength: 3 }));
    case 'NumberType':
      return or(fc.oneof(fc.integer(), fc.double()));
    case 'BooleanType':
      return or(fc.boolean());
    case 'KeyofType': {
      const keys = Object.keys(known.keys);
      const nearMisses = [...keys.map((key) => key.toUpperCase() + '!'), 'toString', 'constructor', '__proto__'];
      return or(fc.constantFrom(...keys), fc.oneof(fc.constantFrom(...nearMisses), junk));
    }
    case 'ArrayType':
      return or(fc.array(nearlyValid(known.type, validWeight), { maxLength: 3 }));
    case 'AnyDictionaryType':
      return or(record, fc.oneof(junk, fc.constant(new Date(0))));
  }
  const props = propsOf(known);
  if (Object.keys(props).length === 0 && known._tag !== 'PartialType') {
    throw new TypeError(`nearlyValid: unsupported codec ${codec.name}`);
  }
  const model = Object.fromEntries(Object.entries(props).map(([key, [type]]) => [key, nearlyValid(type, validWeight)]));
  const required = Object.entries(props).flatMap(([key, [, isRequired]]) => (isRequired ? [key] : []));
  // One required key in four goes missing; extra keys come first so a known key overrides one of them.
  const dropped =
    required.length === 0
      ? fc.constant(null)
      : fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.constantFrom(...required), weight: 1 });
  const fields = fc
    .tuple(fc.record(model, { requiredKeys: required }), record, dropped)
    .map(([values, extras, drop]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of [...Object.entries(extras), ...Object.entries(values)]) {
        // defineProperty: an own "__proto__" key stays a key, as JSON.parse makes it.
        if (key !== drop)
          Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    });
  return or(fields);
};

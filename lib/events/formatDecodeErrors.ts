/**
 * io-ts decode errors as one line per problem: `<JSON pointer>: expected <type>, received <value>`, or for a
 * missing field `<JSON pointer>: required, <type>` — the same vocabulary as the settings problems of
 * lib/config. io-ts reports one error per failing leaf and, for a union, one per branch; the errors are
 * gathered into a tree so a union reports one branch, not all.
 */
import type * as t from 'io-ts';
import { isRecord } from '../core/guards.js';
import { describeReceived, joinPointer } from '../core/messages.js';

/** What a failing value should have been, for the codecs io-ts names after their structure. */
const EXPECTED: Readonly<Record<string, string>> = {
  StringType: 'a string',
  NumberType: 'a number',
  BigIntType: 'a bigint',
  BooleanType: 'true or false',
  NullType: 'null',
  UndefinedType: 'undefined',
  VoidType: 'undefined',
  FunctionType: 'a function',
  AnyDictionaryType: 'an object',
  DictionaryType: 'an object',
  InterfaceType: 'an object',
  PartialType: 'an object',
  StrictType: 'an object',
  ExactType: 'an object',
  AnyArrayType: 'an array',
  ArrayType: 'an array',
  ReadonlyArrayType: 'an array',
  TupleType: 'an array',
};

type Decoder = t.ContextEntry['type'];

const tagOf = (type: Decoder): unknown => (type as { _tag?: unknown })._tag;
const branchesOf = (type: Decoder): readonly Decoder[] => (type as { types?: Decoder[] }).types ?? [];
/** Union and intersection members sit under the same value: their context keys are indices, not path steps. */
const isUnion = (type: Decoder): boolean => tagOf(type) === 'UnionType';
const isComposite = (type: Decoder): boolean => isUnion(type) || tagOf(type) === 'IntersectionType';

/** `a string`, `"user" | "model"`, `an object | null`; a custom codec reads as its name. */
export const describeExpected = (type: Decoder): string => {
  const tag = tagOf(type);
  if (typeof tag === 'string' && Object.hasOwn(EXPECTED, tag)) return EXPECTED[tag] as string;
  if (!isComposite(type)) return type.name;
  const parts = [...new Set(branchesOf(type).map(describeExpected))];
  return parts.join(isUnion(type) ? ' | ' : ' and ');
};

interface Node {
  readonly type: Decoder;
  readonly actual: unknown;
  readonly children: Map<string, Node>;
  /** Errors whose context ends here: this node's own value failed its own type. */
  readonly failures: t.ValidationError[];
}

const node = (entry: t.ContextEntry): Node => ({
  type: entry.type,
  actual: entry.actual,
  children: new Map(),
  failures: [],
});

const buildTree = (errors: t.Errors): Node | undefined => {
  const first = errors[0]?.context[0];
  if (first === undefined) return undefined;
  const root = node(first);
  for (const error of errors) {
    let at = root;
    for (let i = 1; i < error.context.length; i++) {
      const entry = error.context[i] as t.ContextEntry;
      let child = at.children.get(entry.key);
      if (child === undefined) at.children.set(entry.key, (child = node(entry)));
      at = child;
    }
    at.failures.push(error);
  }
  return root;
};

/** How many path steps below this value the deepest error lies (0: the value itself failed). */
const depthOf = (at: Node): number => {
  let depth = 0;
  const step = isComposite(at.type) ? 0 : 1;
  for (const child of at.children.values()) depth = Math.max(depth, step + depthOf(child));
  return depth;
};

const countOf = (at: Node): number => {
  let count = at.failures.length;
  for (const child of at.children.values()) count += countOf(child);
  return count;
};

/**
 * The union branch the value came closest to: the one whose errors lie deepest (its shape matched furthest),
 * then the one with fewest errors. `undefined` when every branch failed at the value itself.
 */
const closestBranch = (union: Node): Node | undefined => {
  let best: Node | undefined;
  let bestDepth = 0;
  let bestCount = Infinity;
  for (const branch of union.children.values()) {
    const depth = depthOf(branch);
    const count = countOf(branch);
    if (depth > bestDepth || (depth === bestDepth && depth > 0 && count < bestCount)) {
      best = branch;
      bestDepth = depth;
      bestCount = count;
    }
  }
  return best;
};

const line = (pointer: string, text: string): string => (pointer === '' ? text : `${pointer}: ${text}`);

// A missing field reads as settings problems do: what is required, not "received nothing".
const expectedLine = (pointer: string, type: Decoder, value: unknown): string =>
  line(
    pointer,
    value === undefined
      ? `required, ${describeExpected(type)}`
      : `expected ${describeExpected(type)}, received ${describeReceived(value)}`,
  );

/** The codec of field `key` in an object codec (looking inside intersections and wrappers such as `t.exact`). */
const fieldCodec = (type: Decoder, key: string): Decoder | undefined => {
  const props = (type as { props?: Record<string, Decoder> }).props;
  if (props !== undefined) return Object.hasOwn(props, key) ? props[key] : undefined;
  const inner = (type as { type?: Decoder }).type;
  if (inner !== undefined) return fieldCodec(inner, key);
  for (const member of branchesOf(type)) {
    const found = fieldCodec(member, key);
    if (found !== undefined) return found;
  }
  return undefined;
};

/**
 * io-ts fails a tagged union (members told apart by a literal field) as a whole when no member has the
 * value's tag: the useful report is the tag field, e.g. `/kind: expected "circle" | "box", received "tri"`.
 */
const failureLine = (pointer: string, type: Decoder, error: t.ValidationError): string => {
  if (error.message !== undefined) return line(pointer, error.message);
  const tag = (type as { tag?: unknown }).tag;
  if (isUnion(type) && typeof tag === 'string' && isRecord(error.value)) {
    const tags = branchesOf(type).flatMap((member) => {
      const codec = fieldCodec(member, tag);
      return codec === undefined ? [] : [describeExpected(codec)];
    });
    const expected = [...new Set(tags)].join(' | ');
    return line(joinPointer(pointer, tag), `expected ${expected}, received ${describeReceived(error.value[tag])}`);
  }
  return expectedLine(pointer, type, error.value);
};

const collect = (at: Node, pointer: string, lines: Set<string>): void => {
  for (const error of at.failures) lines.add(failureLine(pointer, at.type, error));
  if (isUnion(at.type) && at.children.size > 0) {
    const branch = closestBranch(at);
    if (branch === undefined) lines.add(expectedLine(pointer, at.type, at.actual));
    else collect(branch, pointer, lines);
    return;
  }
  const composite = isComposite(at.type);
  for (const [key, child] of at.children) collect(child, composite ? pointer : joinPointer(pointer, key), lines);
};

/**
 * One line per problem, in the codec's field order, duplicates removed (an intersection's members often
 * reject the same value for the same reason), e.g. `/llm_request/messages/0/role: expected "user" | …, received "robot"`.
 * A problem with the value as a whole has no pointer.
 */
export const formatDecodeErrors = (errors: t.Errors): string[] => {
  const root = buildTree(errors);
  if (root === undefined) return [];
  const lines = new Set<string>();
  collect(root, '', lines);
  return [...lines];
};

/**
 * The key `repeat` tells calls apart by: the tool and an FNV-1a hash (32 bits) and length of the input's JSON.
 * A tool input is most often a flat object of strings needing no escapes (`{"command":"make"}`): its hash is taken
 * over the JSON it would serialise to without building that text, and its key is looked up once made. Any other
 * input is serialised. Both give the same key (spec/session/callKey.property.spec.ts).
 */
import type { SessionStep } from '../types.js';

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;
const QUOTE = 0x22;

/** FNV-1a over `text`'s UTF-16 code units, from `hash`; -1 when `text` holds a character JSON escapes. */
const hashPlain = (hash: number, text: string): number => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Control characters, the quote, the backslash and surrogates (a lone one is escaped) need their JSON form.
    if (code < 0x20 || code === QUOTE || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return -1;
    hash = Math.imul(hash ^ code, PRIME);
  }
  return hash;
};

const step = (hash: number, code: number): number => Math.imul(hash ^ code, PRIME);

// The walk's second answer: the length of the JSON it hashed.
let plainLength = 0;

/**
 * The hash of `JSON.stringify(value)` when `value` is a plain object of plain strings (its length in
 * `plainLength`); -1 for anything else.
 */
const plainObjectHash = (value: unknown): number => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return -1;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in value) return -1;
  let hash = step(OFFSET, 0x7b); // {
  let length = 2;
  let first = true;
  for (const name in value) {
    // An inherited enumerable name (a polluted prototype) is not in the JSON.
    if (!Object.hasOwn(value, name)) return -1;
    const field = (value as Record<string, unknown>)[name];
    if (typeof field !== 'string') return -1;
    if (!first) {
      hash = step(hash, 0x2c); // ,
      length += 1;
    }
    first = false;
    hash = hashPlain(step(hash, QUOTE), name);
    if (hash === -1) return -1;
    hash = step(step(step(hash, QUOTE), 0x3a), QUOTE); // ":"
    hash = hashPlain(hash, field);
    if (hash === -1) return -1;
    hash = step(hash, QUOTE);
    length += name.length + field.length + 5;
  }
  plainLength = length;
  return step(hash, 0x7d); // }
};

/** Keys made for plain inputs, per tool by hash and length: bounded, 16 tools and 256 keys each. */
const made = new Map<string, Map<number, string>>();
const TOOLS = 16;
const KEYS = 256;
/** Past this length an input's key is not kept (the look-up key would no longer be exact). */
const KEPT_LENGTH = 1 << 20;

const format = (name: string, hash: number, length: number): string =>
  `${name}:${(hash >>> 0).toString(36)}:${String(length)}`;

// The last step keyed: every repeat rule watching a call asks for the same key. Steps are immutable while they
// are pushed, so the step object identifies its key.
let keyedStep: SessionStep | undefined;
let lastKey = '';

/** A stable short key of a call: its tool and a hash of its input's JSON (FNV-1a, 32 bits). */
export const callKey = (call: SessionStep): string => {
  if (call === keyedStep) return lastKey;
  const name = call.tool ?? call.event;
  const input = call.input.tool_input ?? null;
  const hash = plainObjectHash(input);
  let key: string;
  if (hash === -1 || plainLength >= KEPT_LENGTH) {
    const text = JSON.stringify(input);
    let full = OFFSET;
    for (let i = 0; i < text.length; i++) full = step(full, text.charCodeAt(i));
    key = format(name, full, text.length);
  } else {
    let keys = made.get(name);
    if (keys === undefined) {
      if (made.size >= TOOLS) made.clear();
      keys = new Map();
      made.set(name, keys);
    }
    // Exact: the hash is 32 bits and the length under 2^20, so the number holds both.
    const lookup = (hash >>> 0) * KEPT_LENGTH + plainLength;
    let known = keys.get(lookup);
    if (known === undefined) {
      known = format(name, hash, plainLength);
      if (keys.size >= KEYS) keys.clear();
      keys.set(lookup, known);
    }
    key = known;
  }
  lastKey = key;
  keyedStep = call;
  return key;
};

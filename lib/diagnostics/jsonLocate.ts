/**
 * A small JSON reader that remembers where every value sits, so a settings problem can be reported
 * as `file:line:column` next to its JSON pointer. `JSON.parse` gives neither positions nor a
 * reliable syntax-error location, hence this ~150-line scanner. It reads JSONC as the agent CLIs and
 * editors write it: `//` and block comments, and a trailing comma before `}` or `]`; everything else is
 * strict JSON. Positions come from a line index built once ({@link createLineIndex}): linear in the file.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { createLineIndex, type JsonPosition, type LineIndex } from './lineIndex.js';

/** 1-based line and column (column counted in UTF-16 code units). */
export type { JsonPosition } from './lineIndex.js';

export interface JsonDocument {
  value: unknown;
  /** Position of the value a pointer names; falls back to the nearest ancestor that exists. */
  locate(pointer: string): JsonPosition;
  /** Position of the member name a pointer ends in (for unknown keys); else as `locate`. */
  locateKey(pointer: string): JsonPosition;
}

export class JsonSyntaxError extends HookstreamError {
  static {
    nameErrorClass(this, 'JsonSyntaxError');
  }
  constructor(
    readonly reason: string,
    readonly position: JsonPosition,
  ) {
    super(`${reason} at ${position.line}:${position.column}`);
  }
}

export { escapePointerToken, joinPointer } from '../core/messages.js';

// One character or one escape per step: the alternatives start differently, so a failed match (an unterminated
// string) backtracks linearly. A `+` inside the group would make it exponential.
// eslint-disable-next-line no-control-regex -- control characters are what JSON strings must not hold
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where one container's children sit: member name and value offsets by key, or element offsets by index. */
type Slots = Map<string, { key: number; value: number }> | number[];

/** The reference tokens of a pointer, unescaped (RFC 6901). */
const tokensOf = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((token) => (token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token));

/** Parses `text` (a leading BOM is ignored); throws {@link JsonSyntaxError} with the position of the fault. */
export function parseJsonDocument(text: string): JsonDocument {
  // Offsets are kept per container, beside the value: no pointer string is built while parsing.
  const slots = new Map<object, Slots>();
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let at = 0;

  // Columns count from the first visible character: editors do not show a BOM.
  let lineIndex: LineIndex | undefined;
  const position = (offset: number): JsonPosition => (lineIndex ??= createLineIndex(source)).position(offset);
  const fail = (reason: string, offset = at): never => {
    throw new JsonSyntaxError(reason, position(offset));
  };
  const describe = (offset: number): string =>
    offset >= source.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(source[offset])}`;

  // Whitespace and comments between tokens.
  const skip = (): void => {
    for (;;) {
      const ch = source[at];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') at++;
      else if (ch === '/' && source[at + 1] === '/') {
        const end = source.indexOf('\n', at);
        at = end < 0 ? source.length : end;
      } else if (ch === '/' && source[at + 1] === '*') {
        const end = source.indexOf('*/', at + 2);
        if (end < 0) fail('unterminated comment');
        at = end + 2;
      } else return;
    }
  };

  const readString = (): string => {
    // The common case in one regex step: a valid string token, decoded by JSON.parse only if it has escapes.
    STRING.lastIndex = at;
    let token: string | undefined;
    try {
      token = STRING.exec(source)?.[0];
    } catch {
      // A string of tens of megabytes overflows the regex engine's stack: the walk below reads it instead.
    }
    if (token !== undefined) {
      at += token.length;
      return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
    }
    // Invalid (or too long for the regex): walk it, to report where it fails.
    const start = at++;
    for (;;) {
      const ch = source[at];
      if (ch === undefined) return fail('unterminated string', start);
      if (ch === '"') break;
      if (ch === '\\') {
        const next = source[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(source.slice(at + 2, at + 6))) fail('invalid \\u escape');
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) at += 2;
        else fail('invalid escape sequence');
      } else if (ch.charCodeAt(0) < 0x20) fail('control character in string');
      else at++;
    }
    at++;
    // The token is valid JSON now; JSON.parse decodes its escapes exactly.
    return JSON.parse(source.slice(start, at)) as string;
  };

  const readNumber = (): number => {
    // Sticky: matched where the number starts, with no copy of the rest of the document.
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(source);
    if (!match) return fail(describe(at));
    at += match[0].length;
    return Number(match[0]);
  };

  // Called with `at` on the value's first character (the caller skipped what precedes it).
  const readValue = (): unknown => {
    const ch = source[at];
    if (ch === '{') return readObject();
    if (ch === '[') return readArray();
    if (ch === '"') return readString();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return readNumber();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (source.startsWith(word, at)) {
        at += word.length;
        return value;
      }
    }
    return fail(describe(at));
  };

  const readObject = (): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const members = new Map<string, { key: number; value: number }>();
    slots.set(result, members);
    at++;
    skip();
    if (source[at] === '}') {
      at++;
      return result;
    }
    for (;;) {
      skip();
      if (source[at] !== '"') fail(`expected a member name in double quotes, ${describe(at)}`);
      const keyAt = at;
      const key = readString();
      skip();
      if (source[at] !== ':') fail(`expected ':', ${describe(at)}`);
      at++;
      skip();
      members.set(key, { key: keyAt, value: at });
      const member = readValue();
      // defineProperty: a "__proto__" member must stay an own property, as with JSON.parse (assignment is faster).
      if (key === '__proto__') {
        Object.defineProperty(result, key, { value: member, enumerable: true, writable: true, configurable: true });
      } else result[key] = member;
      skip();
      if (source[at] === ',') {
        at++;
        skip();
      } else if (source[at] !== '}') fail(`expected ',' or '}', ${describe(at)}`);
      // A trailing comma before the closing brace is JSONC.
      if (source[at] === '}') {
        at++;
        return result;
      }
    }
  };

  const readArray = (): unknown[] => {
    const result: unknown[] = [];
    const elements: number[] = [];
    slots.set(result, elements);
    at++;
    skip();
    if (source[at] === ']') {
      at++;
      return result;
    }
    for (;;) {
      skip();
      elements.push(at);
      result.push(readValue());
      skip();
      if (source[at] === ',') {
        at++;
        skip();
      } else if (source[at] !== ']') fail(`expected ',' or ']', ${describe(at)}`);
      // A trailing comma before the closing bracket is JSONC.
      if (source[at] === ']') {
        at++;
        return result;
      }
    }
  };

  let value: unknown;
  skip();
  const rootAt = at;
  try {
    value = readValue();
  } catch (error) {
    // Absurd nesting exhausts the stack: report it like any other malformed document.
    if (error instanceof RangeError) fail('nesting too deep');
    throw error;
  }
  skip();
  if (at < source.length) fail(`${describe(at)} after the end of the document`);

  /** Offset of the deepest existing value on `pointer`'s path or, with `atKey`, of the member name it ends in. */
  const find = (pointer: string, atKey: boolean): number => {
    let current: unknown = value;
    let offset = rootAt;
    const tokens = tokensOf(pointer);
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index] as string;
      const children = typeof current === 'object' && current !== null ? slots.get(current) : undefined;
      if (children === undefined) break;
      if (Array.isArray(children)) {
        const element = /^(0|[1-9]\d*)$/.test(token) ? children[Number(token)] : undefined;
        if (element === undefined) break;
        offset = element;
      } else {
        const member = children.get(token);
        if (member === undefined) break;
        offset = atKey && index === tokens.length - 1 ? member.key : member.value;
      }
      current = (current as Record<string, unknown>)[token];
    }
    return offset;
  };
  return {
    value,
    locate: (pointer) => position(find(pointer, false)),
    locateKey: (pointer) => position(find(pointer, true)),
  };
}

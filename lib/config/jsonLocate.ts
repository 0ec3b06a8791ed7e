/**
 * A small JSON reader that remembers where every value sits, so a settings problem can be reported
 * as `file:line:column` next to its JSON pointer. `JSON.parse` gives neither positions nor a
 * reliable syntax-error location, hence this ~150-line scanner. `//` and block comments are
 * accepted (settings files of the agent CLIs allow them); everything else is strict JSON.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';

/** 1-based line and column (column counted in UTF-16 code units). */
export interface JsonPosition {
  line: number;
  column: number;
}

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

import { joinPointer } from '../core/messages.js';

export { escapePointerToken, joinPointer } from '../core/messages.js';

const parentPointer = (pointer: string): string => pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));

/** Parses `text` (a leading BOM is ignored); throws {@link JsonSyntaxError} with the position of the fault. */
export function parseJsonDocument(text: string): JsonDocument {
  const values = new Map<string, number>();
  const keys = new Map<string, number>();
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let at = 0;

  // Columns count from the first visible character: editors do not show a BOM.
  const position = (offset: number): JsonPosition => {
    const before = source.slice(0, offset);
    const lastBreak = before.lastIndexOf('\n');
    return { line: before.split('\n').length, column: offset - lastBreak };
  };
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
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(source.slice(at));
    if (!match) return fail(describe(at));
    at += match[0].length;
    return Number(match[0]);
  };

  const readValue = (pointer: string): unknown => {
    skip();
    values.set(pointer, at);
    const ch = source[at];
    if (ch === '{') return readObject(pointer);
    if (ch === '[') return readArray(pointer);
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

  const readObject = (pointer: string): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
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
      const child = joinPointer(pointer, key);
      keys.set(child, keyAt);
      skip();
      if (source[at] !== ':') fail(`expected ':', ${describe(at)}`);
      at++;
      // defineProperty: a "__proto__" member must stay an own property, as with JSON.parse.
      Object.defineProperty(result, key, {
        value: readValue(child),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skip();
      if (source[at] === ',') at++;
      else if (source[at] === '}') {
        at++;
        return result;
      } else fail(`expected ',' or '}', ${describe(at)}`);
    }
  };

  const readArray = (pointer: string): unknown[] => {
    const result: unknown[] = [];
    at++;
    skip();
    if (source[at] === ']') {
      at++;
      return result;
    }
    for (;;) {
      result.push(readValue(joinPointer(pointer, result.length)));
      skip();
      if (source[at] === ',') at++;
      else if (source[at] === ']') {
        at++;
        return result;
      } else fail(`expected ',' or ']', ${describe(at)}`);
    }
  };

  let value: unknown;
  try {
    value = readValue('');
  } catch (error) {
    // Absurd nesting exhausts the stack: report it like any other malformed document.
    if (error instanceof RangeError) fail('nesting too deep');
    throw error;
  }
  skip();
  if (at < source.length) fail(`${describe(at)} after the end of the document`);

  const locate = (pointer: string): JsonPosition => {
    for (let current = pointer; ; current = parentPointer(current)) {
      const offset = values.get(current);
      if (offset !== undefined) return position(offset);
      if (current === '') return position(0);
    }
  };
  return {
    value,
    locate,
    locateKey: (pointer) => {
      const offset = keys.get(pointer);
      return offset === undefined ? locate(pointer) : position(offset);
    },
  };
}

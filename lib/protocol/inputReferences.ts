/**
 * The `${path.in.input}` references of an `mcp_tool` hook's `input` (Claude Code's `"path": "${tool_input.file_path}"`),
 * resolved against the hook's input as its agent writes it. A reference is a dotted path of plain names and array
 * indexes, looked up in own properties only: never evaluated, never a prototype (`${constructor}` is missing).
 */
import { isRecord } from '../core/guards.js';
import { setField } from '../rules/mergeFields.js';

/** `${a.b.0}`: names of letters, digits, `_` and `-` separated by dots; anything else is left as written. */
const REFERENCE = /\$\{([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\}/g;
const WHOLE = /^\$\{([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\}$/;

/** The value at `path` in `input`, or `undefined` when any step is missing. */
export const lookUp = (input: unknown, path: string): unknown => {
  let value: unknown = input;
  for (const step of path.split('.')) {
    if (Array.isArray(value)) {
      const index = /^\d+$/.test(step) ? Number(step) : NaN;
      value = index < value.length ? (value[index] as unknown) : undefined;
    } else if (isRecord(value) && Object.hasOwn(value, step)) {
      value = value[step];
    } else {
      return undefined;
    }
  }
  return value;
};

/** A value inside longer text: a string as is, a missing one as nothing, anything else as its JSON. */
const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

const resolveString = (text: string, input: unknown): unknown => {
  // A value that is one whole reference keeps the referenced value's type (a number stays a number).
  const whole = WHOLE.exec(text);
  if (whole !== null) {
    const value = lookUp(input, whole[1] as string);
    return value === undefined || value === null ? '' : value;
  }
  return text.includes('${') ? text.replace(REFERENCE, (_match, path: string) => asText(lookUp(input, path))) : text;
};

/**
 * `value` with every reference in its strings resolved, at any depth (objects and arrays are copied, the
 * hook's own `input` is never changed). A missing path resolves to the empty string.
 *
 * @example
 * resolveReferences({ path: '${tool_input.file_path}', note: 'by ${session_id}' }, { session_id: 's1', tool_input: { file_path: 'a.ts' } });
 * // { path: 'a.ts', note: 'by s1' }
 */
export const resolveReferences = (value: unknown, input: unknown): unknown => {
  if (typeof value === 'string') return resolveString(value, input);
  if (Array.isArray(value)) return value.map((item: unknown) => resolveReferences(item, input));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  // setField: a key named `__proto__` stays an own key, as JSON.parse made it.
  for (const key of Object.keys(value)) setField(out, key, resolveReferences(value[key], input));
  return out;
};

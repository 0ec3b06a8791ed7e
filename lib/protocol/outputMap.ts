/**
 * An agent's own output fields read as hookstream's (DialectEvent.outputMap): Cursor's `permission: "deny"` with
 * `agent_message` becomes `decision: "deny"` with its `reason`, `followup_message` a blocked stop, `updated_input`
 * a replaced tool input; Copilot's `permissionDecision`, `modifiedArgs` and `modifiedResult` likewise. The
 * table is data; this is the one loop that applies it (dialectOutput.ts calls it first, so every rule after it
 * sees canonical fields).
 */
import type { OutputRename } from '../dialects/types.js';
import { isRecord } from '../core/guards.js';

type Fields = Record<string, unknown>;

const SPECIFIC = 'hookSpecificOutput.';

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The canonical value of one rename, or `undefined` (with a warning when the agent's value is not known). */
const valueOf = (rename: OutputRename, value: unknown, warnings: string[]): unknown => {
  if ('value' in rename) return rename.value;
  if (rename.values === undefined) {
    // A replaced tool result is a record: text becomes its `llmContent`, as for Claude's and Gemini's.
    if (rename.to === `${SPECIFIC}tool_response` && !isRecord(value)) {
      return { llmContent: typeof value === 'string' ? value : JSON.stringify(value) };
    }
    return value;
  }
  const key = JSON.stringify(value);
  if (Object.hasOwn(rename.values, key)) return rename.values[key] ?? undefined;
  warnings.push(
    `field "${rename.from}": expected ${Object.keys(rename.values).join(' or ')}, received ${key}; ignored`,
  );
  return undefined;
};

/**
 * Applies `map` to `raw`, writing into `out` (top-level fields) and `specific` (`hookSpecificOutput`). The
 * agent's fields are removed from `out`; a canonical field the hook wrote itself is never overwritten, and the
 * first rename that writes a target wins.
 *
 * @example
 * applyOutputMap({ permission: 'deny', agent_message: 'no rm' }, CURSOR_PERMISSION, out, specific, warnings);
 * // out: { decision: 'deny', reason: 'no rm' }
 */
export const applyOutputMap = (
  raw: Readonly<Fields>,
  map: readonly OutputRename[],
  out: Fields,
  specific: Fields,
  warnings: string[],
): void => {
  for (const rename of map) Reflect.deleteProperty(out, rename.from);
  const written = new Set<string>();
  for (const rename of map) {
    const native = raw[rename.from];
    if (!present(native) || written.has(rename.to)) continue;
    const nested = rename.to.startsWith(SPECIFIC);
    const target = nested ? specific : out;
    const key = nested ? rename.to.slice(SPECIFIC.length) : rename.to;
    if (target[key] !== undefined) continue;
    const value = valueOf(rename, native, warnings);
    if (value === undefined) continue;
    target[key] = value;
    written.add(rename.to);
  }
};

/**
 * The command whitelist of a dialect that has one (OLLM's): the top-level `commandWhitelist` key of its settings.
 * Honoured in user and system settings only, where it replaces the dialect's default; a project or extension
 * file is what a cloned repository controls, so its list is reported and ignored — it can never let another
 * program run. A list that cannot be read allows nothing: ignoring it would lift the restriction its author meant.
 * The list in force is settled before any file's hooks are read (loadSettings.ts), so that it governs them all.
 */
import type { HookSource } from '../model/types.js';
import type { Dialect } from '../dialects/types.js';
import { RESTRICTED_SOURCES } from '../policy/envPolicy.js';
import { isRecord } from '../core/guards.js';
import { StringArray } from '../dialects/hookstreamFields.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';

/** The settings key that sets the whitelist. */
export const COMMAND_WHITELIST_KEY = 'commandWhitelist';

/** One file of the dialect, parsed, with the source it was found in. */
export interface WhitelistFile {
  readonly source: HookSource;
  readonly value: unknown;
}

const honoured = (source: HookSource): boolean => !RESTRICTED_SOURCES.has(source);

/** The list one file sets: its programs, `[]` when the value cannot be read, `undefined` when it sets none. */
const listOf = (value: unknown): readonly string[] | undefined => {
  if (!isRecord(value) || value[COMMAND_WHITELIST_KEY] === undefined) return undefined;
  const list = value[COMMAND_WHITELIST_KEY];
  return StringArray.is(list) ? list : [];
};

/**
 * The whitelist in force for `dialect`'s hooks: every list of its user and system files joined, else its default;
 * `undefined` for a dialect without one.
 */
export function whitelistInForce(dialect: Dialect, files: readonly WhitelistFile[]): readonly string[] | undefined {
  if (dialect.commandWhitelist === undefined) return undefined;
  const lists = files.flatMap((file) => {
    const list = honoured(file.source) ? listOf(file.value) : undefined;
    return list === undefined ? [] : [list];
  });
  if (lists.length === 0) return dialect.commandWhitelist;
  // One unreadable list fails the whole closed: its author meant to restrict, not to defer to another file.
  return lists.some((list) => list.length === 0) ? [] : [...new Set(lists.flat())];
}

/** Reports the key of one file: an unreadable value is an error, a list in a project or extension file a warning. */
export function reportCommandWhitelist(
  value: Record<string, unknown>,
  context: { readonly dialect: Dialect; readonly source: HookSource },
  sink: ProblemSink,
): void {
  const list = value[COMMAND_WHITELIST_KEY];
  if (list === undefined || context.dialect.commandWhitelist === undefined) return;
  const pointer = `/${COMMAND_WHITELIST_KEY}`;
  if (!honoured(context.source)) {
    sink.warning(
      pointer,
      `honoured in user settings only; ignored in ${context.source} settings, so it lets no other program run`,
      { expected: `this key in your user ${context.dialect.label} settings`, atKey: true },
    );
    return;
  }
  if (StringArray.is(list)) return;
  sink.error(pointer, `invalid value for ${JSON.stringify(COMMAND_WHITELIST_KEY)}; treated as allowing nothing`, {
    expected: `an array of program names such as ["node", "deno"]`,
    received: describeReceived(list),
  });
}

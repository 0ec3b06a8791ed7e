import type { HookInputOf, HookOutput, ToolMode } from '../../../../lib/index.js';

export declare const READ_ONLY_TOOLS: readonly string[];

export interface ReadOnlyOptions {
  /** Whether the read-only phase is on for this request. */
  readOnly: boolean;
  /** The tools allowed in the phase; default `READ_ONLY_TOOLS`. */
  tools?: readonly string[];
  /** Calling mode while restricted (default `AUTO`: the model may also answer without a tool). */
  mode?: ToolMode;
}

export declare function decideToolSelection(
  input: HookInputOf<'BeforeToolSelection'>,
  options: ReadOnlyOptions,
): HookOutput | undefined;

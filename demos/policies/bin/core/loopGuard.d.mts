import type { HookInputOf, HookOutput } from '../../../../lib/index.js';

export declare const DEFAULT_MARKER: string;
export declare const DEFAULT_MAX_CONTINUATIONS: number;

export interface LoopGuardOptions {
  /** Text (case-insensitive) that marks a finished answer; default "tests pass". */
  marker?: string;
  /** Most extra turns forced in a row; default 3. */
  maxContinuations?: number;
}

/** One session's state: extra turns forced in the current run of stops (above the maximum: gave up). */
export interface LoopGuardState {
  count: number;
  /** The user's prompt that started the run. */
  prompt?: string;
  /** The last re-prompt reason (a host may send it back as the prompt). */
  reason?: string;
}

export declare function decideStop(
  input: HookInputOf<'AfterAgent'>,
  state?: LoopGuardState,
  options?: LoopGuardOptions,
): { output: HookOutput | undefined; state: LoopGuardState };

import type { HookInputOf, HookOutput } from '../../../../lib/index.js';

export declare const DEFAULT_MARKER: string;
export declare const DEFAULT_MAX_CONTINUATIONS: number;

export interface LoopGuardOptions {
  /** Text (case-insensitive) that marks a finished answer; default "tests pass". */
  marker?: string;
  /** Most extra turns forced in a row; default 3. */
  maxContinuations?: number;
}

export declare function decideStop(
  input: HookInputOf<'AfterAgent'>,
  count: number,
  options?: LoopGuardOptions,
): { output: HookOutput | undefined; count: number };

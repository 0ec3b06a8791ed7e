/**
 * What a program's effect handler gets: the sink to record into, and the walker's own ways to follow a
 * command it runs in turn (`find -exec`, `xargs`, `sudo`) or a line of shell code (`bash -c`, `eval`, `trap`).
 */
import type { Arg, EffectSink } from './sink.js';

export interface EffectContext {
  readonly sink: EffectSink;
  /** Follows a program and its arguments (`args[0]` the program). */
  run(args: readonly Arg[]): void;
  /** Reads and follows a line of shell code. */
  line(code: Arg): void;
}

/** One program's effects, from its arguments (the program name left out). */
export type Handler = (args: readonly Arg[], context: EffectContext, name: string) => void;

/**
 * Policy 6 — project context injected at SessionStart from files such as CONTEXT.md or README.md,
 * size-capped. The decision and the reading are the shared core (bin/core/projectContext.mjs).
 */
import { from, isObservable, type Observable, map } from 'rxjs';
import type { FunctionHook, HookInputOf, HookOutput } from '../../lib/index.js';
import { decideContext, readContextFiles, type ContextFile } from './bin/core/projectContext.mjs';

export {
  clipUtf8,
  decideContext,
  DEFAULT_CONTEXT_FILES,
  DEFAULT_MAX_BYTES,
  readContextFiles,
} from './bin/core/projectContext.mjs';

/** Loads the context files; aborting `signal` (the run was cancelled) should stop the reading. */
export type ContextReader = (
  projectDir: string,
  files: readonly string[] | undefined,
  maxBytes: number | undefined,
  signal: AbortSignal,
) => Promise<ContextFile[]> | Observable<ContextFile[]>;

export interface ProjectContextOptions {
  /** Default: the input's `cwd`. */
  projectDir?: string;
  /** Files to read, in order; default CONTEXT.md then README.md. */
  files?: readonly string[];
  /** Cap on the injected text, in UTF-8 bytes; default 8 KiB. */
  maxBytes?: number;
  /** Replaces the file reader (tests, other sources). */
  read?: ContextReader;
  /** Logical deadline in milliseconds: a slow disk must not hold up the session start. */
  timeoutMs?: number;
}

/** The policy as a function hook; its reading is cancelled with the run. */
export const projectContextHook = (options: ProjectContextOptions = {}): FunctionHook<HookInputOf<'SessionStart'>> => ({
  type: 'function',
  name: 'project-context',
  description: 'Adds project context from CONTEXT.md/README.md at session start',
  ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  run: (input, { signal }): Observable<HookOutput> => {
    const read = options.read ?? readContextFiles;
    const loaded = read(options.projectDir ?? input.cwd, options.files, options.maxBytes, signal);
    return (isObservable(loaded) ? loaded : from(loaded)).pipe(
      map((files) => decideContext(files, options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}) ?? {}),
    );
  },
});

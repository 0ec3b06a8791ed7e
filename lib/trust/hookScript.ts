/**
 * The main local file a command hook runs — the program itself when it is a local file, else the
 * interpreter's script — for `hookstream validate`, which checks that it exists (and is executable when
 * run directly). It is the first file `commandFiles` finds; the trust fingerprint pins all of them.
 */
import type { CommandHookConfig } from '../model/types.js';
import { commandFiles, type CommandEnvironment } from './commandFiles.js';

export { looksLikePath } from '../inspect/walk.js';

export interface HookScript {
  /** Absolute path, resolved against the project directory. */
  path: string;
  /** The word as written. */
  word: string;
  /** Pointer under the hook entry: `/command` or `/args/<i>`. */
  field: string;
  /** Run directly (must be executable) rather than through an interpreter. */
  direct: boolean;
}

/** Where the command runs: project directory, home, and the host's variables (to resolve `$NAME`). */
export type ScriptEnvironment = CommandEnvironment;

/** The main local script a command hook runs, when it can be known without running anything. */
export const hookScriptOf = (definition: CommandHookConfig, environment: ScriptEnvironment): HookScript | undefined => {
  const main = commandFiles(definition, environment).files.find(
    (file) => file.pin === 'bytes' && (file.role === 'program' || file.role === 'script'),
  );
  return main && { path: main.path, word: main.word, field: main.field, direct: main.role === 'program' };
};

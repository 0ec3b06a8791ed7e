/**
 * `--record FILE.jsonl` (on `fire`): the recording file, resolved against the working directory and
 * checked before any hook runs, so a typo in the path is a usage error rather than a half-done command.
 * It is opened as every file hookstream writes is: never through a link (a repository's `session.jsonl`
 * pointing at `~/.bashrc` would get the event appended), inside the working directory when named there,
 * and created readable by the user only (tool inputs may hold secrets).
 */
import { closeSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { errorText } from '../core/guards.js';
import { namedFileRoot, openAppendSafely } from '../core/safeWrite.js';
import { CliError, type CliContext } from './context.js';

/** Adds `--record <file>` to `command`. */
export const withRecordOption = (command: Command): Command =>
  command.option(
    '--record <file>',
    'append the event and its result to this JSON-lines recording (see replay, profile)',
  );

/** The absolute recording path, once it is known to be writable; undefined without `--record`. */
export const recordPath = (context: CliContext, file: string | undefined): string | undefined => {
  if (file === undefined) return undefined;
  const path = resolve(context.cwd, file);
  try {
    closeSync(openAppendSafely(namedFileRoot(context.cwd, path), path, { mode: 0o600 }));
  } catch (error) {
    throw new CliError(`cannot write the recording ${path}: ${errorText(error)}`);
  }
  return path;
};

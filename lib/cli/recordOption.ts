/**
 * `--record FILE.jsonl` (on `fire`): the recording file, resolved against the working directory and
 * checked before any hook runs, so a typo in the path is a usage error rather than a half-done command.
 */
import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { errorText } from '../core/guards.js';
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
    closeSync(openSync(path, 'a'));
  } catch (error) {
    throw new CliError(`cannot write the recording ${path}: ${errorText(error)}`);
  }
  return path;
};

/**
 * The home directory is no project: `~/.hookstream/settings.json` is the user's own settings file, whose hooks
 * are trusted and run in every project without approval. A command that writes a project's settings refuses
 * to treat the home directory as the project unless the user says so with `--allow-home`.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { CliError } from './context.js';

const realOrSelf = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** Throws a usage error when `projectDir` is the home directory (real paths compared) and `allowHome` is unset. */
export const refuseHomeProject = (projectDir: string, allowHome: boolean | undefined, command: string): void => {
  if (allowHome === true || realOrSelf(projectDir) !== realOrSelf(homedir())) return;
  throw new CliError(
    `refusing to ${command} in ${projectDir}: it is your home directory, so its .hookstream/settings.json is your ` +
      `user settings, whose hooks run in every project without approval; run it in a project directory, or pass ` +
      `--allow-home if you mean to write your user settings`,
  );
};

/**
 * The project directory, checked once instead of before every spawn (a `stat` per spawn is a fixed cost
 * on every hook), and again after a spawn fails: a missing cwd makes the spawn report ENOENT for
 * the program, as if the shell were missing, so the message must name the directory instead.
 */
import { statSync } from 'node:fs';

export interface ProjectDirCheck {
  /** Why hooks cannot run in the directory, or `undefined`; measured on the first call only. */
  problem(): string | undefined;
  /** Measures again (after a spawn error) and remembers the answer. */
  recheck(): string | undefined;
}

const measure = (dir: string): string | undefined => {
  try {
    return statSync(dir).isDirectory() ? undefined : `project directory ${dir} is not a directory`;
  } catch {
    return `project directory ${dir} does not exist`;
  }
};

export const createProjectDirCheck = (dir: string): ProjectDirCheck => {
  let checked = false;
  let known: string | undefined;
  const recheck = (): string | undefined => {
    checked = true;
    known = measure(dir);
    return known;
  };
  return {
    problem: () => (checked ? known : recheck()),
    recheck,
  };
};

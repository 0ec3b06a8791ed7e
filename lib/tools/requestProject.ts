/**
 * Which project a session-daemon request is for. An agent's project variable names it outright (Claude Code,
 * Gemini CLI, Cursor). Without one (Codex, Copilot, or a Claude http hook, whose payload carries only `cwd`) the
 * working directory may be anywhere inside the project: the project is then the repository around it — the
 * nearest directory up that holds `.git`, as Codex and Copilot find their own project files — and the directory
 * itself when there is none.
 *
 * Only a repository this user owns counts, as git itself refuses a repository another user owns: someone else's
 * `/tmp/.git` must not make `/tmp` the project of every directory under it. The walk stops below the home
 * directory (a dotfiles repository there is not a project) and where a `.git` owned by someone else is found.
 */
import { lstatSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { PROJECT_VARIABLES, type DaemonRequest } from './daemonRequest.js';

const absolute = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && isAbsolute(value) ? value : undefined;

/** The owner of `path` (not followed through a link), or undefined when there is nothing there. */
const ownerOf = (path: string): number | undefined => {
  try {
    return lstatSync(path).uid;
  } catch {
    return undefined;
  }
};

/** A project's markers, in the order they are looked for in each directory. */
const MARKERS = ['.hookstream', '.git'] as const;

/** The project this user owns around `dir`, below `home` (see above); `dir` when there is none. */
export const projectRootOf = (dir: string, home: string, uid: number): string => {
  const stop = resolve(home);
  for (let at = resolve(dir); at !== stop;) {
    for (const marker of MARKERS) {
      const owner = ownerOf(join(at, marker));
      if (owner !== undefined) return owner === uid ? at : dir;
    }
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return dir;
};

/** The request's project: its agent's variable, else the project around its working directory. */
export const projectOf = (request: DaemonRequest, raw: Record<string, unknown>, home: string): string => {
  for (const name of PROJECT_VARIABLES) {
    const value = absolute(request.env[name]);
    if (value !== undefined) return value;
  }
  const cwd = absolute(raw['cwd']);
  // Cursor's workspace roots are roots already.
  const roots = raw['workspace_roots'];
  const root = Array.isArray(roots) ? absolute(roots[0]) : undefined;
  if (cwd === undefined && root !== undefined) return root;
  return projectRootOf(cwd ?? request.cwd, home, process.getuid?.() ?? -1);
};

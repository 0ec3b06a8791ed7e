/**
 * Settings locations that are directories (Copilot's `.github/hooks/`, `~/.copilot/hooks/` and policy
 * directory): every `*.json` file in them, in name order, is one settings file. A location that requires root
 * ownership (Copilot's `/etc/github-copilot/policy.d/`) has each file and the directory checked: owned by root
 * and writable by nobody else, or the file is refused with a problem that says which rule it broke — a policy
 * anyone else can edit is no policy.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorText } from '../core/guards.js';
import type { ConfigProblem } from '../diagnostics/problems.js';

export interface DirectoryFiles {
  /** The usable files, in name order. */
  readonly paths: string[];
  /** One per refused file (or a refused directory), to report instead of reading it. */
  readonly refused: ConfigProblem[];
}

/** Why `path` fails the root-ownership rule, or `undefined` when it passes. */
export const ownershipFault = (path: string): string | undefined => {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    return `cannot check its owner: ${errorText(error)}`;
  }
  const faults: string[] = [];
  if (stats.uid !== 0) faults.push(`it is owned by uid ${stats.uid}, not root`);
  if ((stats.mode & 0o022) !== 0) {
    faults.push(`it is writable by group or others (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')})`);
  }
  return faults.length === 0 ? undefined : faults.join(' and ');
};

const refusal = (file: string, what: string, fault: string): ConfigProblem => ({
  severity: 'error',
  file,
  pointer: '',
  message: `policy hooks ${what} must be owned by root and not writable by group or others, but ${fault}; no hook from this file is active`,
  fileInactive: true,
});

/**
 * The `*.json` files of `directory` (none when it does not exist), each refused when `ownership` is `root`
 * and it or the directory breaks the rule. Windows has no such rule here (Copilot reads its registry there).
 *
 * @example
 * directoryFiles('/repo/.github/hooks').paths; // ['/repo/.github/hooks/audit.json', '/repo/.github/hooks/policy.json']
 */
export const directoryFiles = (directory: string, ownership?: 'root'): DirectoryFiles => {
  let names: string[];
  try {
    names = readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.name.endsWith('.json') && (entry.isFile() || entry.isSymbolicLink()))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return { paths: [], refused: [] };
  }
  const paths = names.map((name) => join(directory, name));
  if (ownership !== 'root' || process.platform === 'win32' || paths.length === 0) return { paths, refused: [] };
  const directoryFault = ownershipFault(directory);
  if (directoryFault !== undefined) {
    // A directory others can write lets them swap any file in it: every file goes.
    return { paths: [], refused: paths.map((path) => refusal(path, `directory ${directory}`, directoryFault)) };
  }
  const usable: string[] = [];
  const refused: ConfigProblem[] = [];
  for (const path of paths) {
    const fault = ownershipFault(path);
    if (fault === undefined) usable.push(path);
    else refused.push(refusal(path, 'files', fault));
  }
  return { paths: usable, refused };
};

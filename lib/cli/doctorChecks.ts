/**
 * `hookstream doctor`'s read-only checks of one configured hook — nothing of the hook runs: could its
 * program start at all (exit 127: not found; 126: not executable), does its shell line parse (`bash -n`,
 * `sh` where bash is absent), is it approved, and can its matcher match anything plausible. Each finding
 * names its kind, so a report groups them and a spec asserts them.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandHookConfig, HookEntry } from '../model/types.js';
import { closestName } from '../diagnostics/suggest.js';
import { hookScriptOf, looksLikePath } from '../trust/hookScript.js';
import { DEFAULT_PATH, fsProbe, isShellBuiltin, lookUp } from '../inspect/programs.js';
import { leadingWords } from '../inspect/shellWords.js';
import { PROJECT_DIR_VARIABLES } from '../protocol/hookEnv.js';
import { shellSyntaxError } from './commandChecks.js';
import { PLAUSIBLE_TARGETS } from './doctorInputs.js';
import { programOf as kindProgram } from '../kinds/table.js';

export type DoctorKind =
  | 'not-found'
  | 'not-executable'
  | 'syntax'
  | 'untrusted'
  | 'invalid-output'
  | 'timeout'
  | 'slow'
  | 'failed'
  | 'matcher';

export interface DoctorFinding {
  readonly kind: DoctorKind;
  /** `error`: the hook does not work as configured; `warning`: it may not. */
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

const error = (kind: DoctorKind, message: string): DoctorFinding => ({ kind, severity: 'error', message });

/** Where hooks run: the project, HOME, and the environment hooks inherit (to resolve `$NAME` and PATH). */
export interface DoctorEnvironment {
  readonly projectDir: string;
  readonly home: string;
  readonly variables: Readonly<Record<string, string | undefined>>;
}

/** Shell words that start syntax rather than name a program. */
const KEYWORDS = new Set(['if', 'for', 'while', 'until', 'case', 'function', 'select', '{', '!', '[[', 'time']);

/** The first program a command runs: its word, or undefined when only a running shell knows it. */
const programOf = (definition: CommandHookConfig, environment: DoctorEnvironment): string | undefined => {
  if (definition.args !== undefined) return definition.command;
  const vars = new Map<string, string>();
  for (const [name, value] of Object.entries(environment.variables)) if (value !== undefined) vars.set(name, value);
  vars.set('HOME', environment.home);
  for (const name of PROJECT_DIR_VARIABLES) vars.set(name, environment.projectDir);
  for (const [name, value] of Object.entries(definition.env ?? {})) vars.set(name, value);
  const words = leadingWords(definition.command, vars, environment.home);
  // `NAME=value cmd` and `exec cmd`: the program is the first word after them.
  const word = words.find((text) => text === undefined || !(/^[A-Za-z_]\w*=/.test(text) || text === 'exec'));
  return word;
};

/** A file that is to run directly: missing (127), a directory or not executable (126). */
const checkRunnable = (path: string, word: string): DoctorFinding | undefined => {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    return error(
      'not-found',
      `cannot start: ${path} does not exist (exit 127); relative paths resolve against the project directory`,
    );
  }
  if (isDirectory) return error('not-executable', `cannot start: ${path} is a directory (exit 126)`);
  try {
    accessSync(path, constants.X_OK);
    return undefined;
  } catch {
    return error(
      'not-executable',
      `cannot start: ${word} is not executable (exit 126): chmod +x it, or run it through its interpreter`,
    );
  }
};

/** Could the command's program and script start? (127/126 without running anything.) */
const checkSpawnable = (definition: CommandHookConfig, environment: DoctorEnvironment): DoctorFinding[] => {
  const shell = definition.args === undefined;
  const program = programOf(definition, environment);
  if (program === undefined || (shell && (isShellBuiltin(program) || KEYWORDS.has(program)))) return [];
  if (looksLikePath(program)) {
    const found = checkRunnable(resolve(environment.projectDir, program), program);
    return found === undefined ? [] : [found];
  }
  const searchPath = definition.env?.PATH ?? environment.variables.PATH ?? DEFAULT_PATH;
  if (lookUp(program, searchPath, environment.projectDir, fsProbe).file === undefined) {
    return [error('not-found', `cannot start: ${program} is not on the hook's PATH (exit 127)`)];
  }
  // The interpreter's script: `node ./missing.mjs` starts node, which then fails.
  const script = hookScriptOf(definition, environment);
  if (script === undefined || script.direct) return [];
  try {
    statSync(script.path);
    return [];
  } catch {
    return [error('not-found', `cannot start: script ${script.path} does not exist (${program} will fail)`)];
  }
};

/** The static findings of one command hook; `approved` says whether the trust gate would let it run. */
export const checkHookStatically = (
  entry: HookEntry,
  environment: DoctorEnvironment,
  approved: boolean,
): DoctorFinding[] => {
  const findings: DoctorFinding[] = [];
  const definition = kindProgram(entry.definition);
  if (definition === undefined) return findings;
  if (definition.args === undefined) {
    const syntax = shellSyntaxError(definition.command);
    if (syntax !== undefined)
      findings.push(error('syntax', `shell syntax error: ${syntax} (the shell exits 2, which blocks)`));
  }
  if (findings.length === 0) findings.push(...checkSpawnable(definition, environment));
  if (!approved) {
    findings.push(
      error('untrusted', 'not approved: a project hook runs only once approved (hookstream trust), else it is skipped'),
    );
  }
  const matcher = matcherFinding(entry);
  if (matcher !== undefined) findings.push(matcher);
  return findings;
};

/** `; did you mean "^write_file$"?`: the pattern with its first word that is close to a target replaced by it. */
const suggestMatcher = (pattern: string, targets: readonly string[]): string => {
  for (const word of pattern.match(/[A-Za-z_][\w-]*/g) ?? []) {
    const close = closestName(word, targets);
    if (close !== undefined) return `; did you mean ${JSON.stringify(pattern.replace(word, close))}?`;
  }
  return '';
};

/**
 * A matcher that matches none of the values its event's target plausibly takes (for tool events, the tool
 * names of every agent hookstream speaks for): a typo such as `^write_fiel$`, so the hook never runs. Shared
 * by `doctor` and `validate` (a warning; `validate --strict` makes it an error).
 */
export const matcherFinding = (entry: Pick<HookEntry, 'event' | 'matcher'>): DoctorFinding | undefined => {
  const { matcher } = entry;
  const plausible = PLAUSIBLE_TARGETS[entry.event];
  if (matcher === undefined || plausible === undefined || plausible.some((target) => matcher.test(target))) {
    return undefined;
  }
  return {
    kind: 'matcher',
    severity: 'warning',
    message:
      `matcher ${JSON.stringify(matcher.pattern)} matches none of the usual ${entry.event} targets ` +
      `(${plausible.slice(0, 4).join(', ')}, …): check its spelling and case${suggestMatcher(matcher.pattern, plausible)}`,
  };
};

/** A target the hook's matcher accepts, for its probe input (undefined: the event's default). */
export const probeTarget = (entry: HookEntry): string | undefined =>
  PLAUSIBLE_TARGETS[entry.event]?.find((target) => entry.matcher === undefined || entry.matcher.test(target));

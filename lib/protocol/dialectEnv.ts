/**
 * What a dialect provides to its hooks: environment variables (`CLAUDE_PLUGIN_ROOT`,
 * `CLAUDE_ENV_FILE`, `GEMINI_SESSION_ID`, `GEMINI_CWD` …) and the placeholders written in a hook's command
 * (`${CLAUDE_PLUGIN_ROOT}`, Gemini's `${extensionPath}`).
 *
 * A placeholder's value never becomes shell text: a textual substitution of a path into a shell command runs
 * any `$(…)` or backticks in that path. In the exec form (`args`) there is no shell, so values are
 * written into the arguments. In the shell form the placeholder is rewritten to a double-quoted reference to an
 * environment variable holding the value — `'${extensionPath}/x'` becomes `''"${HOOKSTREAM_EXTENSION_PATH}"'/x'`
 * — so the shell expands it as data, inside single quotes too. (An unquoted here-document body would show the
 * added quotes; hook commands rarely hold one.)
 */
import { homedir } from 'node:os';
import type { CommandHookConfig } from '../model/types.js';
import type { Dialect, DialectEvent, Placeholder, VariableValue } from '../dialects/types.js';

export interface DialectHookContext {
  readonly dialect: Dialect;
  /** The event the hook was configured under. */
  readonly event: DialectEvent;
  readonly projectDir: string;
  readonly sessionId: string;
  /** The input's `cwd` (Gemini's `GEMINI_CWD`); default the project directory. */
  readonly cwd?: string;
  /** The plugin or extension the hook came with. */
  readonly bundle?: { readonly root: string; readonly dataDir?: string; readonly id?: string };
  /** The session's env file (lib/transport/envFile.ts), for the events that have one. */
  readonly envFile?: string;
  /** The input's effort level (`effort.level`), which Claude also exports. */
  readonly effort?: string;
  /** The agent's version as the input carries it (Cursor's `cursor_version`). */
  readonly agentVersion?: string;
  /** The input's `user_email` (Cursor's, when logged in). */
  readonly userEmail?: string;
  /** The input's `transcript_path`, when not empty. */
  readonly transcriptPath?: string;
}

/** CURSOR_VERSION and kin when the host did not say which version of the agent it speaks for. */
export const UNKNOWN_AGENT_VERSION = 'hookstream';

const valueOf = (value: VariableValue, context: DialectHookContext): string | undefined => {
  switch (value) {
    case 'projectDir':
    case 'workspacePath':
      return context.projectDir;
    case 'sessionId':
      return context.sessionId;
    case 'cwd':
      return context.cwd ?? context.projectDir;
    case 'pluginRoot':
    case 'extensionPath':
      return context.bundle?.root;
    case 'pluginData':
      return context.bundle?.dataDir;
    case 'envFile':
      return context.envFile;
    case 'effort':
      return context.effort;
    case 'agentVersion':
      return context.agentVersion ?? UNKNOWN_AGENT_VERSION;
    case 'userEmail':
      return context.userEmail;
    case 'transcriptPath':
      return context.transcriptPath;
    case 'homedir':
      return homedir();
  }
};

/**
 * The variables `context.dialect` gives a hook of `context.event`, to add to hookstream's own (buildHookEnv);
 * a variable whose value is unknown here (no bundle, no env file) is left out.
 *
 * @example
 * dialectVariables({ dialect: GEMINI, event, projectDir: '/repo', sessionId: 's1', cwd: '/repo/src' });
 * // { GEMINI_PROJECT_DIR: '/repo', CLAUDE_PROJECT_DIR: '/repo', GEMINI_SESSION_ID: 's1', GEMINI_CWD: '/repo/src' }
 */
export const dialectVariables = (context: DialectHookContext): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const variable of context.dialect.variables) {
    if (variable.when === 'bundle' && context.bundle === undefined) continue;
    if (variable.when === 'envFile' && context.event.envFile !== true) continue;
    const value = valueOf(variable.value, context);
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
};

/** A placeholder with what replaces it: a variable holding a value, or a constant. */
export type ResolvedPlaceholder = Placeholder & { readonly resolved: string };
type Resolved = ResolvedPlaceholder;

/** Tokens written without braces (`$GEMINI_PROJECT_DIR`) must not be the start of a longer name. */
const tokenAt = (command: string, at: number, placeholders: readonly Resolved[]): Resolved | undefined =>
  placeholders.find(
    (placeholder) =>
      command.startsWith(placeholder.token, at) &&
      (placeholder.token.endsWith('}') || !/[A-Za-z0-9_]/.test(command[at + placeholder.token.length] ?? '')),
  );

/** A variable reference that reads as one word in the quoting state it is written into. */
const reference = (placeholder: Resolved, state: 'plain' | 'double' | 'single' | 'ansi'): string => {
  if (placeholder.variable === undefined) return placeholder.resolved;
  const variable = `\${${placeholder.variable}}`;
  return state === 'plain'
    ? `"${variable}"`
    : state === 'double'
      ? variable
      : state === 'single'
        ? `'"${variable}"'`
        : `'"${variable}"$'`;
};

/** Rewrites the placeholders of a shell-form command, following quotes so each rewrite fits where it stands. */
export const rewriteShellPlaceholders = (command: string, placeholders: readonly Resolved[]): string => {
  let out = '';
  let state: 'plain' | 'double' | 'single' | 'ansi' = 'plain';
  for (let at = 0; at < command.length;) {
    const placeholder = tokenAt(command, at, placeholders);
    if (placeholder !== undefined) {
      out += reference(placeholder, state);
      at += placeholder.token.length;
      continue;
    }
    const char = command[at] as string;
    // A backslash keeps the next character literal outside single quotes: `\${x}` is no placeholder.
    const step =
      char === '\\' && state !== 'single' ? 2 : state === 'plain' && char === '$' && command[at + 1] === "'" ? 2 : 1;
    if (state === 'plain' && step === 2 && char === '$') state = 'ansi';
    else if (state === 'plain' && char === "'") state = 'single';
    else if (state === 'plain' && char === '"') state = 'double';
    else if ((state === 'single' || state === 'ansi') && char === "'") state = 'plain';
    else if (state === 'double' && char === '"') state = 'plain';
    out += command.slice(at, at + step);
    at += step;
  }
  return out;
};

export interface PreparedCommand {
  /** The definition to run: `definition` itself when it holds no placeholder. */
  readonly definition: CommandHookConfig;
  /** Variables the rewritten shell form reads; add them to the hook's environment. */
  readonly env: Record<string, string>;
  /** Placeholders that could not be given a value here (left as written), one line each. */
  readonly problems: string[];
  /** Directories the placeholders name that must exist before the hook runs (x-code's `${pluginDataDir}`). */
  readonly directories: string[];
}

/** `${env:NAME}`: a variable of the host's environment, by name. */
const ENV_TOKEN = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The `${env:NAME}` placeholders of `texts`, each a reference to NAME itself (empty when unset). */
const envPlaceholders = (texts: readonly string[]): Placeholder[] => {
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(ENV_TOKEN)) names.add(match[1] ?? '');
  return [...names].map((name) => ({ token: `\${env:${name}}`, variable: name }));
};

/**
 * The command of a hook with its dialect's placeholders handled: written into the arguments of the exec form,
 * rewritten to quoted variable references in the shell form. Call it right before the spawn, so settings,
 * `hookstream list` and the dedup key keep the command as the user wrote it.
 *
 * @example
 * prepareDialectCommand({ type: 'command', command: 'node ${CLAUDE_PLUGIN_ROOT}/hook.js' }, { dialect: CLAUDE, bundle: { root: '/p' }, … });
 * // definition.command: 'node "${CLAUDE_PLUGIN_ROOT}"/hook.js', env: { CLAUDE_PLUGIN_ROOT: '/p' }
 */
export const prepareDialectCommand = (definition: CommandHookConfig, context: DialectHookContext): PreparedCommand => {
  const texts = [definition.command, ...(definition.args ?? [])];
  const problems: string[] = [];
  if (texts.some((text) => text.includes('${user_config.'))) {
    problems.push('${user_config.*} plugin options are not supported; the text is left as written');
  }
  const used = context.dialect.placeholders.filter((placeholder) =>
    texts.some((text) => text.includes(placeholder.token)),
  );
  const fromEnv = context.dialect.envPlaceholders === true ? envPlaceholders(texts) : [];
  const directories: string[] = [];
  if (used.length === 0 && fromEnv.length === 0) return { definition, env: {}, problems, directories };
  const resolved: Resolved[] = fromEnv.map((placeholder) =>
    Object.assign({ resolved: process.env[placeholder.variable ?? ''] ?? '' }, placeholder),
  );
  for (const placeholder of used) {
    const value =
      placeholder.constant ?? (placeholder.value === undefined ? undefined : valueOf(placeholder.value, context));
    if (value !== undefined && placeholder.createsDirectory === true) directories.push(value);
    if (value === undefined)
      problems.push(
        `${placeholder.token} has no value for this hook (it is only set for a plugin or extension); left as written`,
      );
    else resolved.push(Object.assign({ resolved: value }, placeholder));
  }
  const env: Record<string, string> = {};
  const prepared: CommandHookConfig = Object.assign({}, definition);
  if (definition.args !== undefined) {
    // Exec form: no shell reads these strings, so the values go in as they are.
    const substitute = (text: string) =>
      resolved.reduce((result, placeholder) => result.split(placeholder.token).join(placeholder.resolved), text);
    prepared.command = substitute(definition.command);
    prepared.args = definition.args.map(substitute);
    return { definition: prepared, env, problems, directories };
  }
  prepared.command = rewriteShellPlaceholders(definition.command, resolved);
  for (const placeholder of resolved)
    if (placeholder.variable !== undefined) env[placeholder.variable] = placeholder.resolved;
  return { definition: prepared, env, problems, directories };
};

/**
 * Each hook sees its own agent: right before a command hook of a Claude Code or Gemini CLI
 * file is spawned, its stdin is written in its agent's shape (`toDialectInput`), its placeholders are handled
 * (`prepareDialectCommand`), its agent's variables are added (`dialectVariables`, `CLAUDE_ENV_FILE`), and its
 * answer is read its agent's way (`interpretDialectRun`). hookstream's own hooks get `undefined`: nothing
 * changes for them and nothing is allocated.
 */
import { mkdirSync } from 'node:fs';
import { errorText } from '../core/guards.js';
import type { CommandHookConfig, HookEntry } from '../model/types.js';
import { dialectById, dialectEvent } from '../dialects/registry.js';
import type { Dialect, DialectEvent } from '../dialects/types.js';
import type { ProcessOutcome, ProtocolVerdict } from '../protocol/commandProtocol.js';
import { dialectVariables, prepareDialectCommand, type DialectHookContext } from '../protocol/dialectEnv.js';
import { toDialectInput } from '../protocol/dialectInput.js';
import { interpretDialectRun } from '../protocol/dialectOutput.js';
import { createSessionEnvFile, type EnvFileContents, type SessionEnvFile } from '../transport/envFile.js';
import { restrictEnv, type EnvPolicy } from '../policy/envPolicy.js';

/**
 * Who writes `CLAUDE_ENV_FILE` lines: hooks that inherited the same environment share one file, and `$NAME` in
 * its lines expands from that environment only — a hook the env policy kept from a secret cannot have the
 * secret put into the session's variables by writing `export X=$SECRET`.
 */
export interface EnvFileWriter {
  /** The environment the writing hooks were given (before their own `env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The env policy that restricted them; `undefined`: they inherited the whole environment. */
  readonly policy: EnvPolicy | undefined;
}

const UNKNOWN_WRITER: EnvFileWriter = { env: {}, policy: undefined };

/** What a dialect hook's spawn uses instead of the canonical definition, input and protocol. */
export interface DialectRun {
  readonly definition: CommandHookConfig;
  /** The stdin object, in the agent's event name and field names. */
  readonly stdin: Readonly<Record<string, unknown>>;
  /** The hook's own `env`, then its agent's variables and the placeholder variables. */
  readonly env: Record<string, string>;
  /** Placeholders that had no value for this hook: left as written; `interpret` adds them to the run's warnings. */
  readonly problems: readonly string[];
  readonly interpret: (name: string, outcome: ProcessOutcome) => ProtocolVerdict;
}

export interface DialectRuns {
  /** `undefined` for a hook of hookstream's own format (or an entry whose dialect event is unknown). */
  prepare(
    hook: HookEntry,
    definition: CommandHookConfig,
    input: Readonly<Record<string, unknown>>,
    writer?: EnvFileWriter,
  ): DialectRun | undefined;
  /**
   * What the session's hooks appended to `CLAUDE_ENV_FILE` so far; `undefined` when none was given one. Each
   * writer's lines expand `$NAME` from its own environment, or from `base` narrowed by its policy when given.
   */
  readEnvFile(base?: Readonly<Record<string, string | undefined>>): EnvFileContents | undefined;
  /** Removes the session's env files. */
  dispose(): void;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The verdict with the run's mapping problems first: a placeholder left as written explains a failure that
 * follows, so it reaches `HookResult.warnings` whatever the hook did (problems are rare: no copy otherwise).
 */
const withProblems = (verdict: ProtocolVerdict, problems: readonly string[]): ProtocolVerdict => {
  if (problems.length > 0) verdict.outputWarnings = [...problems, ...verdict.outputWarnings];
  return verdict;
};

/** The stdin with the plugin the hook came with, where its agent says (x-code's `plugin { id, dir }`). */
const withBundle = (
  stdin: Readonly<Record<string, unknown>>,
  dialect: Dialect,
  bundle: HookEntry['origin']['bundle'],
): Readonly<Record<string, unknown>> => {
  const field = dialect.bundleInputField;
  if (field === undefined || bundle === undefined) return stdin;
  const plugin = { id: bundle.id ?? '', dir: bundle.root };
  return Object.assign({}, stdin, { [field]: plugin });
};

/** The dialect and native event of `hook`, when it came from another agent's file. */
export const dialectOf = (hook: HookEntry): { dialect: Dialect; event: DialectEvent } | undefined => {
  const { dialect: id, nativeEvent } = hook.origin;
  if (id === undefined || id === 'hookstream' || nativeEvent === undefined) return undefined;
  const dialect = dialectById(id);
  const event = dialectEvent(dialect, nativeEvent);
  return event === undefined ? undefined : { dialect, event };
};

/** The contents of every writer's file as one: restricted writers first, so a whole-environment hook wins a clash. */
const mergeEnvFiles = (
  files: ReadonlyMap<EnvFileWriter, SessionEnvFile>,
  base: Readonly<Record<string, string | undefined>> | undefined,
): EnvFileContents => {
  const merged: EnvFileContents = { variables: {}, unset: [], problems: [] };
  const ordered = [...files].sort(([a], [b]) => Number(a.policy === undefined) - Number(b.policy === undefined));
  for (const [writer, file] of ordered) {
    const from =
      base === undefined ? writer.env : writer.policy === undefined ? base : restrictEnv(base, writer.policy);
    const contents = file.read({ base: from });
    for (const name of contents.unset) {
      Reflect.deleteProperty(merged.variables, name);
      if (!merged.unset.includes(name)) merged.unset.push(name);
    }
    for (const [name, value] of Object.entries(contents.variables)) {
      merged.variables[name] = value;
      if (merged.unset.includes(name)) merged.unset.splice(merged.unset.indexOf(name), 1);
    }
    merged.problems.push(...contents.problems);
  }
  return merged;
};

/**
 * The per-executor state of dialect hooks: `CLAUDE_ENV_FILE` files of the session, one per writer (see
 * {@link EnvFileWriter}), each created when the first hook of an event that has one runs.
 *
 * @example
 * const runs = createDialectRuns('/repo', 's1');
 * const run = runs.prepare(hook, hook.definition, input); // undefined for hookstream's own hooks
 */
export const createDialectRuns = (projectDir: string, sessionId: string): DialectRuns => {
  const envFiles = new Map<EnvFileWriter, SessionEnvFile>();
  const envFileOf = (writer: EnvFileWriter): SessionEnvFile => {
    let file = envFiles.get(writer);
    if (file === undefined) {
      file = createSessionEnvFile(sessionId);
      envFiles.set(writer, file);
    }
    return file;
  };
  return {
    prepare: (hook, definition, input, writer = UNKNOWN_WRITER) => {
      const found = dialectOf(hook);
      if (found === undefined) return undefined;
      const { dialect, event } = found;
      const context: Mutable<DialectHookContext> = {
        dialect,
        event,
        projectDir,
        sessionId: text(input['session_id']) ?? sessionId,
      };
      const cwd = text(input['cwd']);
      if (cwd !== undefined) context.cwd = cwd;
      if (hook.origin.bundle !== undefined) context.bundle = hook.origin.bundle;
      if (event.envFile === true) context.envFile = envFileOf(writer).path;
      const agentVersion = text(input['cursor_version']);
      if (agentVersion !== undefined) context.agentVersion = agentVersion;
      const userEmail = text(input['user_email']);
      if (userEmail !== undefined) context.userEmail = userEmail;
      const transcriptPath = text(input['transcript_path']);
      if (transcriptPath !== undefined) context.transcriptPath = transcriptPath;
      const effort = input['effort'];
      if (typeof effort === 'object' && effort !== null && typeof (effort as { level?: unknown }).level === 'string') {
        context.effort = (effort as { level: string }).level;
      }
      const prepared = prepareDialectCommand(definition, context);
      const problems = prepared.problems;
      // x-code creates `${pluginDataDir}` on first use, so the hook can write there at once.
      for (const directory of prepared.directories) {
        try {
          mkdirSync(directory, { recursive: true });
        } catch (error) {
          problems.push(`cannot create ${directory}: ${errorText(error)}`);
        }
      }
      // Agent variables first, then the placeholders' own, then the hook's `env`: a hook may override. Other
      // agents' variables are not in the base these go over (HookEnvironment.agentBase).
      const env = Object.assign(dialectVariables(context), prepared.env, definition.env);
      return {
        definition: prepared.definition,
        stdin: withBundle(toDialectInput(input, event, dialect), dialect, hook.origin.bundle),
        env,
        problems,
        interpret: (name, outcome) => withProblems(interpretDialectRun(name, outcome, { dialect, event }), problems),
      };
    },
    readEnvFile: (base) => (envFiles.size === 0 ? undefined : mergeEnvFiles(envFiles, base)),
    dispose: () => {
      for (const file of envFiles.values()) file.dispose();
      envFiles.clear();
    },
  };
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

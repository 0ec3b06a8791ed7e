/**
 * The `Dialect` type: everything that differs between the agents whose hook files
 * hookstream reads, as plain data — where the files are, what the events are called, what each event's hook
 * receives on stdin and may answer, how matchers and timeouts read, what switches hooks on, which variables
 * a hook is given and what exit code 2 means. Code in config/, plan/ and protocol/ reads these tables; a new
 * agent (Cursor, Copilot, Codex) is a new table, not new code paths.
 */
import type { EventName } from '../events/names.js';
import type { MatcherKind } from '../plan/matcherSemantics.js';
import type { ProposedEventName } from './newEvents.js';

/** The dialects hookstream reads. */
export type DialectId = 'hookstream' | 'claude' | 'gemini' | 'cursor' | 'copilot' | 'codex' | 'xcode' | 'ollm';

/** A canonical event: the seed events, plus the Claude Code events proposed as canonical in `newEvents.ts`. */
export type CanonicalEventName = EventName | ProposedEventName;

/**
 * Where a settings file sits in its agent's hierarchy. `local` is Claude's `.claude/settings.local.json`;
 * `managed` is an administrator's policy file (Claude's managed settings), `system` Gemini's and hookstream's.
 */
export type DialectScope = 'project' | 'local' | 'user' | 'managed' | 'system';

/** hookstream's priority class for hooks of a scope; `runtime` never comes from a file. */
export type FileSource = 'project' | 'user' | 'system' | 'extension';

/** The agent's per-user configuration directory, e.g. `~/.claude`, and how its users relocate it. */
export interface ConfigDir {
  /** Directory name under the home directory. */
  readonly name: string;
  /** Environment variable that relocates it: the whole directory (`CLAUDE_CONFIG_DIR`) or the home (`GEMINI_CLI_HOME`). */
  readonly override?: { readonly variable: string; readonly replaces: 'dir' | 'home' };
}

/** One settings file of a dialect. */
export interface SettingsLocation {
  readonly scope: DialectScope;
  readonly source: FileSource;
  /**
   * `project`: path segments under the project directory; `config`: segments under the dialect's
   * configuration directory; `absolute`: one path per platform (a missing platform has no such file).
   */
  readonly base: 'project' | 'config' | 'absolute';
  readonly path: readonly string[] | Readonly<Partial<Record<NodeJS.Platform, string>>>;
  /** Environment variable whose value replaces the whole path (Gemini's `GEMINI_CLI_SYSTEM_SETTINGS_PATH`). */
  readonly overrideVariable?: string;
  /** The path is a directory: each of its `*.json` files, in name order, is a settings file (Copilot's `.github/hooks/`). */
  readonly directory?: true;
  /**
   * Files here count only when owned by root and not writable by group or others, directory included
   * (Copilot's policy hooks); anything else is refused with a problem and none of its hooks load.
   */
  readonly ownership?: 'root';
  /** Where relative commands run: the project (default) or the directory of the file (Cursor's user hooks). */
  readonly commandCwd?: 'project' | 'fileDir';
}

/** A package of hooks with its own root: a Claude Code plugin or a Gemini CLI extension. */
export interface BundleKind {
  readonly kind: 'plugin' | 'extension';
  /** The hooks file, relative to the bundle root. */
  readonly hooksFile: readonly string[];
  /** Keys of that file besides `hooks` that are accepted quietly (a plugin's `description`). */
  readonly fileKeys: readonly string[];
}

/**
 * What exit code 2 means for an event: it blocks, it is shown as a warning only, it is ignored, or it is a
 * failure like any other non-zero code (x-code: allow plus a warning, a block under `failurePolicy: "block"`).
 */
export type Exit2Meaning = 'block' | 'warning' | 'ignored' | 'failure';

/**
 * What plain (non-JSON) stdout on exit 0 becomes: a user-facing `systemMessage` (hookstream, Gemini), model
 * context (`additionalContext`: Claude's UserPromptSubmit, SessionStart …), nothing (Claude writes it to its
 * debug log), or the path of a created worktree (Claude's WorktreeCreate reads the last line).
 */
export type PlainStdout = 'systemMessage' | 'context' | 'ignored' | 'worktreePath';

/**
 * A value to fill in when a field is missing: a constant, a copy of another field of the result, or that
 * field as a one-element list (Cursor's `workspace_roots` from `cwd`).
 */
export type Fill = { readonly value: unknown } | { readonly from: string } | { readonly listOf: string };

/**
 * How an event's stdin differs between the canonical input and the dialect's. Fields not named here pass
 * through unchanged in both directions (an agent's extra fields never get lost).
 */
export interface InputShape {
  /** Canonical field → the dialect's name for it (both directions). */
  readonly renames?: Readonly<Record<string, string>>;
  /** Per canonical field: canonical value → dialect value, applied when writing the dialect's input. */
  readonly toNativeValues?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Per canonical field: dialect value → canonical value, applied when reading the dialect's input. */
  readonly toCanonicalValues?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Fields the dialect's agent always sends (dialect names), filled when the canonical input lacks them. */
  readonly nativeFills?: Readonly<Record<string, Fill>>;
  /** Fields the canonical input requires (canonical names), filled when the dialect's input lacks them. */
  readonly canonicalFills?: Readonly<Record<string, Fill>>;
  /** Canonical fields whose `null` (sent by the agent) means absent. */
  readonly nullMeansAbsent?: readonly string[];
  /**
   * Fields of a canonical object the dialect sends at the top level (both directions): `tool_input.command` →
   * `command` for Cursor's `beforeShellExecution`.
   */
  readonly lifts?: Readonly<Record<string, string>>;
  /** Canonical object fields the dialect sends as JSON text (Cursor's MCP `tool_input`, Copilot's `toolArgs`). */
  readonly jsonText?: readonly string[];
  /** Canonical ISO-8601 text fields the dialect sends as Unix milliseconds (Copilot's camelCase `timestamp`). */
  readonly epochMillis?: readonly string[];
  /**
   * Top-level fields (as the dialect names them) the dialect sends nested, both directions: x-code's
   * `tool_name` → `tool.name`, `cwd` → `session.cwd`, `hook_event_name` → `event`. Applied last when writing.
   */
  readonly nests?: Readonly<Record<string, string>>;
  /** The event's fields (all but the event name) are sent under this name too (OLLM's `context`). */
  readonly contextField?: string;
}

/**
 * One output field of an agent read as a canonical one (Cursor's `permission` → `decision`). Absent, `null`
 * and `''` values are skipped; the first rename that writes a target wins.
 */
export interface OutputRename {
  /** The agent's top-level output field. */
  readonly from: string;
  /** The canonical field: a top-level name, or `hookSpecificOutput.x`. */
  readonly to: string;
  /**
   * Agent value (as JSON text: `false`, `"deny"`) → canonical value; `null` drops it quietly, a value not
   * listed is dropped with a warning.
   */
  readonly values?: Readonly<Record<string, unknown>>;
  /** Write this constant whatever the agent's value (Cursor's `followup_message` → `decision: "block"`). */
  readonly value?: unknown;
}

/** One event as a dialect names and treats it. */
export interface DialectEvent {
  /** The name in the dialect's settings and on its hooks' stdin. */
  readonly native: string;
  readonly canonical: CanonicalEventName;
  /** Canonical input field the matcher is tested against; absent: a matcher here is ignored (reported). */
  readonly matchTarget?: string;
  /**
   * The values the agent documents for the match target (Claude's SessionStart `source`: startup, resume,
   * clear, compact). Matchers compare in this vocabulary (the canonical value is mapped through
   * `input.toNativeValues` first), and a matcher naming a value outside it is reported at load.
   */
  readonly matchValues?: readonly string[];
  /** Test the last path segment of the target (Claude's FileChanged). */
  readonly matchBasename?: boolean;
  readonly matcher: MatcherKind;
  readonly input?: InputShape;
  /** Output fields the agent reads for this event: top-level names, `hookSpecificOutput.x` for nested ones. */
  readonly outputs: readonly string[];
  readonly exit2: Exit2Meaning;
  readonly plainStdout: PlainStdout;
  /** Common output fields the agent drops for this event; `'*'` drops the whole output. */
  readonly discards?: readonly string[];
  /** Any non-zero exit blocks (Claude's WorktreeCreate fails on every error). */
  readonly nonZeroBlocks?: boolean;
  /** A timed-out hook blocks (Claude's PreModelSwitch). */
  readonly timeoutBlocks?: boolean;
  /** The per-session env file (`CLAUDE_ENV_FILE`) is given to hooks of this event. */
  readonly envFile?: boolean;
  /** A hook's `if` condition is evaluated here; on other events a hook with `if` never runs (Claude). */
  readonly ifCondition?: boolean;
  /** This event's default timeout when the hook sets none. */
  readonly defaultTimeoutMs?: number;
  /**
   * The event covers only these tools (a regular expression over the canonical `tool_name`): Cursor's
   * `beforeShellExecution` is BeforeTool for shell tools. Every hook of the event gets it as its matcher.
   */
  readonly toolFilter?: string;
  /** The agent's own output fields, read as canonical ones before anything else (Cursor, Copilot). */
  readonly outputMap?: readonly OutputRename[];
  /** The matcher must match the whole value: Copilot compiles `^(?:pattern)$`. */
  readonly anchored?: true;
  /** A decision applies although exit code 2 does not block here (Copilot's `agentStop`: `decision: "block"`). */
  readonly decides?: true;
  /** The agent runs this event's hooks one after another in registration order, a deny ending the chain (x-code). */
  readonly serial?: true;
  /** The agent does not wait for this event's hooks (x-code's SessionEnd): they run in the background. */
  readonly background?: true;
}

/** A settings switch that turns hooks on or off, found by its path in the settings object. */
export interface EnableSwitch {
  readonly path: readonly string[];
  /** The value that triggers `effect`. */
  readonly value: boolean;
  readonly effect: 'enable' | 'disable';
  /**
   * `scopes`: it reaches the hooks the scope rule lets its file's scope reach (scopeRule.ts); `file`: the hooks of
   * the file that sets it only (Copilot's `disableAllHooks` in a hooks file).
   */
  readonly reach: 'scopes' | 'file';
  /** It switches off every dialect's hooks, not only its own (hookstream's `hooksConfig.enabled: false`). */
  readonly everyDialect?: true;
}

export interface Enablement {
  /** Whether a file of this dialect with hooks and no switch runs them. */
  readonly default: boolean;
  readonly switches: readonly EnableSwitch[];
}

/** Values a dialect provides to its hooks. */
export type VariableValue =
  | 'projectDir'
  | 'sessionId'
  | 'cwd'
  | 'pluginRoot'
  | 'pluginData'
  | 'envFile'
  | 'effort'
  | 'extensionPath'
  | 'workspacePath'
  /** The agent's version as the input gives it (Cursor's `cursor_version`), else `hookstream`. */
  | 'agentVersion'
  /** The input's `user_email`; left out when it has none. */
  | 'userEmail'
  /** The input's `transcript_path`; left out when empty. */
  | 'transcriptPath'
  /** The user's home directory (x-code's `${homedir}`). */
  | 'homedir';

/** An environment variable a dialect's hooks receive, and when. */
export interface VariableSpec {
  readonly name: string;
  readonly value: VariableValue;
  /** Only for hooks from a plugin or extension, or only on events that have the env file. */
  readonly when?: 'bundle' | 'envFile';
}

/**
 * A placeholder written in a hook's command. In the exec form it is replaced by its value in each argument
 * (no shell, so nothing can be injected); in the shell form it is rewritten to a quoted reference to
 * `variable`, which the hook's environment then holds — the value never becomes shell text.
 */
export interface Placeholder {
  /** As written: `${CLAUDE_PLUGIN_ROOT}`, `${extensionPath}`, `$GEMINI_PROJECT_DIR`. */
  readonly token: string;
  /** The environment variable the shell form reads instead; absent: `constant` is written in place. */
  readonly variable?: string;
  readonly value?: VariableValue;
  /** A fixed text (Gemini's `${/}` path separator). */
  readonly constant?: string;
  /** The value is a directory created on first use (x-code's `${pluginDataDir}`). */
  readonly createsDirectory?: true;
}

/** Keys of one level of a dialect's settings (a hook, a group, the file): what hookstream acts on or skips quietly. */
export interface KeyTable {
  /** Keys hookstream reads. */
  readonly acted: readonly string[];
  /** Keys of the agent's other features, accepted without a warning (`permissions`, `statusMessage` …). */
  readonly quiet: readonly string[];
  /** Unknown keys: warned about (hookstream's own files), or accepted quietly (other agents add keys often). */
  readonly unknown: 'warn' | 'quiet';
}

/** A hook key an agent spells its own way, read as hookstream's (Copilot's `timeoutSec` → `timeout`). */
export interface HookAlias {
  readonly key: string;
  /** Agent value (as JSON text) → hookstream value (Cursor's `failClosed: true` → `failurePolicy: "block"`). */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** Hook keys holding the command per platform, first present wins (Copilot's `bash`/`powershell`). */
export interface CommandKeys {
  readonly posix: readonly string[];
  readonly win32: readonly string[];
  /** On macOS, when it differs from `posix` (x-code's `commandDarwin`). */
  readonly darwin?: readonly string[];
  /** A key naming an executable run without a shell, with `args` (Copilot's `exec`). */
  readonly exec?: string;
}

export interface Dialect {
  readonly id: DialectId;
  /** For messages and `hookstream list`: "Claude Code". */
  readonly label: string;
  readonly configDir: ConfigDir;
  /** Settings files, highest priority first. */
  readonly locations: readonly SettingsLocation[];
  readonly bundles: readonly BundleKind[];
  /** Every event name the dialect accepts; several native names may map to one canonical event. */
  readonly events: readonly DialectEvent[];
  readonly timeoutUnit: 'seconds' | 'milliseconds';
  /** The longest timeout the agent allows; a longer one is cut to it with a warning (x-code: 30 s). */
  readonly maxTimeoutMs?: number;
  /** Default timeout of a command hook that sets none, unless its event has its own. */
  readonly defaultTimeoutMs: number;
  /** Per hook type, where it differs from `defaultTimeoutMs` (Claude: prompt 30 s, agent 60 s). */
  readonly typeTimeoutMs?: Readonly<Partial<Record<string, number>>>;
  readonly enablement: Enablement;
  readonly variables: readonly VariableSpec[];
  /**
   * Variables the agent sets in its own processes that hookstream never gives a hook (`CLAUDECODE`): a host
   * running inside that agent inherits them, and no hook of any dialect inherits them from the host.
   */
  readonly agentMarkers?: readonly string[];
  readonly placeholders: readonly Placeholder[];
  /** The only programs a command hook may start (OLLM's whitelist); a hook running another is not loaded. */
  readonly commandWhitelist?: readonly string[];
  /**
   * Words a prompt hook's prompt may hold, each filled with a field of the hook's input as the agent writes it
   * (OLLM's `{{file.path}}` → `file_path`); a word whose field the input lacks stays as written.
   */
  readonly promptFields?: Readonly<Record<string, string>>;
  /**
   * `"continue": false` from a hook of a sequential chain ends the chain, later hooks skipped (OLLM's hook loop);
   * elsewhere it stops the agent after the event and the chain goes on.
   */
  readonly continueEndsChain?: true;
  /**
   * Hooks with an effect matcher get the call's effects as `tool_effects` in their input. Only hookstream's own
   * format opts in: another agent's hook script sees exactly the input its agent gives it.
   */
  readonly toolEffects?: true;
  /** A file may hold hooks in the agent's legacy `{ when, then }` format (OLLM; lib/config/ollmLegacy.ts). */
  readonly legacyHooks?: true;
  /** `${env:NAME}` in a command reads the variable NAME (empty when unset), as a quoted reference (x-code). */
  readonly envPlaceholders?: true;
  /** The stdin field naming the plugin a bundled hook came with, as `{ id, dir }` (x-code's `plugin`). */
  readonly bundleInputField?: string;
  /** Hook types hookstream runs; other types the agent knows are skipped with one warning, never an error. */
  readonly hookTypes: { readonly run: readonly string[]; readonly skipped: readonly string[] };
  readonly topLevelKeys: KeyTable;
  /** Keys inside `hooks` that are not events (Gemini's older `hooks.enabled`, `hooks.disabled`). */
  readonly hooksSectionKeys: readonly string[];
  readonly groupKeys: KeyTable;
  readonly hookKeys: KeyTable;
  /** `flat`: each event lists hooks directly, a hook's own `matcher` in it (Cursor, Copilot); default `groups`. */
  readonly hookList?: 'groups' | 'flat';
  /** Where the command of a hook is; default `command` on every platform. */
  readonly commandKeys?: CommandKeys;
  /** Hook keys read under hookstream's name. */
  readonly hookAliases?: Readonly<Record<string, HookAlias>>;
  /** A hook key naming its working directory, relative to the project (Copilot's `cwd`). */
  readonly cwdKey?: string;
  /** Events the agent has and hookstream has no event for: reported as not run, never as unknown. */
  readonly unsupportedEvents?: readonly string[];
  /** Whether stdin carries the native event name (`UserPromptSubmit`) or hookstream's canonical one. */
  readonly sendsNativeEventName: boolean;
  /** On exit 2, whether JSON on stdout is still read (hookstream) or ignored, the reason coming from stderr. */
  readonly exit2Stdout: 'read' | 'ignored';
}

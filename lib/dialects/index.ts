/**
 * Dialects: the hook files of other agents, run unchanged (issue #12, DESIGN §5). A dialect is data
 * (types.ts): its file locations, events, stdin shapes, outputs, matcher and timeout rules, enablement,
 * variables, placeholders and exit-2 meanings. hookstream, Claude Code, Gemini CLI, Cursor, GitHub Copilot and
 * Codex are defined here (issue #14 added the last three: flat hook lists, per-platform command keys, directory
 * locations, root-owned policy files, per-file switches, per-tool events and output-field tables).
 *
 * Integrated (issue #12): discovery (lib/config/discoverFiles.ts: every dialect's files, enabled plugins, Gemini
 * extensions), reading (lib/config/readDialectSettings.ts), enablement (lib/config/dialectSwitches.ts), `if`
 * conditions before spawn (lib/plan/conditions.ts), each hook's own stdin, variables, placeholders and protocol
 * (lib/executors/dialectRuns.ts, called by the command executor), `hookstream fire --dialect` (lib/cli/fireDialect.ts)
 * and `hookstream import` (lib/config/importDialect.ts). Not yet: step 5 (the proposed events as canonical
 * events: hooks under them are reported and ignored), and `replaceToolInput` in the aggregation (Claude's
 * `updatedInput` still merges).
 *
 * The plan as it was written — each step is a few calls into the modules of this groundwork:
 *
 * 1. Config loading (lib/config). `standardSettingsFiles()` becomes `dialectSettingsFiles(environment, ids?)`
 *    plus the bundles of `claudePlugins(environment, enabledPluginIds(claudeSettings))` and
 *    `geminiExtensions(environment)` (source `extension`); each `SettingsFile` carries its `dialect` (and its
 *    bundle root). `readSettings` takes the file's `Dialect`:
 *    - top-level, group and hook keys go through `classifyKey(dialect.topLevelKeys | groupKeys | hookKeys, key)`
 *      (warn on `unknown` with `warn`, and on `misspelt`); `hooks` keys in `dialect.hooksSectionKeys` are skipped;
 *    - an event key resolves with `dialectEvent(dialect, key)` (unknown: warned, as today);
 *    - a hook type outside `dialect.hookTypes.run` is skipped with one warning, never an error;
 *    - `timeout` converts with `timeoutToMs(dialect, value)`; no timeout: `defaultTimeoutMs(dialect, event)`;
 *    - the group's matcher compiles with `compileDialectMatcher(pattern, event.matcher)` (lib/plan);
 *    - a hook's `if` compiles with `compileIfCondition(rule)` (lib/plan) where `event.ifCondition`; elsewhere
 *      the hook never runs (Claude's rule), reported once;
 *    - each entry's origin records `dialect`, the native `event` (a `DialectEvent`) and its bundle
 *      (`{ root, dataDir }`): `HookOrigin` gains `dialect?: DialectId; nativeEvent?: string; bundleRoot?: string`.
 *    `mergeScopes` asks `dialectEnablement(dialect, files)(scope)` per dialect instead of one global switch,
 *    and says "disabled" only with the `by` of a switch that actually disabled.
 * 2. The planner (lib/plan). Matching reads the value with `matchTargetValue(event, input)` (Claude's
 *    FileChanged tests a basename; SubagentStart has a target in Claude only), then tests the entry's `if`
 *    condition: `condition.test({ toolName, toolInput, cwd, projectDir, home })`, before any spawn.
 * 3. The command protocol (lib/protocol, lib/executors). For an entry with a dialect, right before the spawn:
 *    stdin = `toDialectInput(input, event, dialect)`; command = `prepareDialectCommand(definition, context)`
 *    (its `env` merged into the hook's); environment = buildHookEnv(…) plus `dialectVariables(context)`; the
 *    session's `createSessionEnvFile(sessionId)` path goes in `context.envFile` for events with `envFile`;
 *    and the verdict comes from `interpretDialectRun(name, facts, { dialect, event })` instead of
 *    `interpretCommandRun`. The canonical output fields it produces — `hookSpecificOutput.tool_response` (AfterTool
 *    result replacement, last writer in plan order), `replaceToolInput: true` (the `tool_input` replaces instead
 *    of merging), `clearContext`, `tailToolCallRequest`, `updatedPermissions`, `retry`, `worktreePath` — are
 *    then aggregated and applied by rules/, aggregate/ and host/.
 * 4. The CLI (`hookstream fire --dialect claude PreToolUse`) reads an agent's own payload with
 *    `toCanonicalInput(raw, dialectEvent(dialect, name))`.
 * 5. lib/events lists Claude Code's own events (newEvents.ts) among the canonical names, with their codecs,
 *    match targets and advisory flags; every dialect table maps onto those.
 */
export type {
  BundleKind,
  CanonicalEventName,
  ConfigDir,
  Dialect,
  DialectEvent,
  DialectId,
  DialectScope,
  EnableSwitch,
  Enablement,
  Exit2Meaning,
  FileSource,
  CommandKeys,
  Fill,
  HookAlias,
  InputShape,
  OutputRename,
  KeyTable,
  Placeholder,
  PlainStdout,
  SettingsLocation,
  VariableSpec,
  VariableValue,
} from './types.js';
export { CLAUDE } from './claude.js';
export { CLAUDE_EVENTS } from './claudeEvents.js';
export { CODEX, CODEX_EVENTS } from './codex.js';
export { COPILOT, COPILOT_EVENTS } from './copilot.js';
export { CURSOR, CURSOR_EVENTS } from './cursor.js';
export { GEMINI, GEMINI_EVENTS } from './gemini.js';
export { HOOKSTREAM, HOOKSTREAM_EVENTS } from './hookstream.js';
export { PROPOSED_EVENT_NAMES } from './newEvents.js';
export type { ProposedEventName } from './newEvents.js';
export {
  DIALECTS,
  DIALECT_IDS,
  classifyKey,
  configDirOf,
  defaultTimeoutMs,
  dialectById,
  dialectEnablement,
  dialectEvent,
  dialectEventsFor,
  dialectSettingsFiles,
  isDialectId,
  timeoutToMs,
} from './registry.js';
export type {
  DialectEnvironment,
  DialectSettingsFile,
  EnablementOf,
  EnablementFile,
  EnablementVerdict,
  KeyClass,
} from './registry.js';

/**
 * Dialects: the hook files of other agents, run unchanged. A dialect is data
 * (types.ts): its file locations, events, stdin shapes, outputs, matcher and timeout rules, enablement,
 * variables, placeholders and exit-2 meanings. hookstream, Claude Code, Gemini CLI, Cursor, GitHub Copilot and
 * Codex are defined here (the last three bring flat hook lists, per-platform command keys, directory
 * locations, root-owned policy files, per-file switches, per-tool events and output-field tables).
 *
 * Where dialects plug in: discovery (lib/config/discoverFiles.ts: every dialect's files, enabled plugins, Gemini
 * extensions), reading (lib/config/readDialectSettings.ts), enablement (lib/config/dialectSwitches.ts), `if`
 * conditions before spawn (lib/plan/conditions.ts), each hook's own stdin, variables, placeholders and protocol
 * (lib/executors/dialectRuns.ts, called by the command executor), `hookstream fire --dialect` (lib/cli/fireDialect.ts)
 * and `hookstream import` (lib/config/importDialect.ts).
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
export { XCODE } from './xcode.js';
export { OLLM, OLLM_COMMAND_WHITELIST } from './ollm.js';
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

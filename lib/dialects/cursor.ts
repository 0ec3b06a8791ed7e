/**
 * Cursor as a dialect (cursor.com/docs/agent/hooks): `.cursor/hooks.json`, `~/.cursor/hooks.json` and the
 * enterprise file, `{ "version": 1, "hooks": { "beforeShellExecution": [{ "command": "./x.sh" }] } }` — hooks
 * listed straight under each lowerCamel event, a hook's own `matcher` beside its command. Timeouts are seconds;
 * `failClosed: true` makes a failing hook block. The payload carries `conversation_id`, `generation_id` and
 * `workspace_roots`; answers are `permission`, `user_message`, `agent_message`, `additional_context`,
 * `updated_input` and `followup_message`, read here as hookstream's decision, reason, message and context.
 * The per-tool events (`beforeShellExecution`, `beforeReadFile` …) are BeforeTool/AfterTool for those tools.
 * User and enterprise hooks run in their file's directory: their relative paths are relative to it.
 */
import { CONTEXT, enabledUnlessSwitched, eventMaker, MATCHER_GROUP_KEYS, TOOL_USE_ID_RENAME } from './tableParts.js';
import type { Dialect, DialectEvent, InputShape, OutputRename } from './types.js';

const SHELL_TOOLS = '^(Shell|Bash|bash|shell|powershell|run_shell_command|terminal)$';
const READ_TOOLS = '^(Read|ReadFile|read_file|read_many_files|view)$';
const EDIT_TOOLS = '^(Write|Edit|MultiEdit|StrReplace|write_file|replace|edit|create|apply_patch|str_replace_editor)$';
/** Claude's `mcp__server__tool`, Gemini's `mcp_server_tool`, Cursor's own `MCP:tool`. */
const MCP_TOOLS = '^(mcp__|mcp_|MCP:)';

/** `permission` with its messages: `agent_message` is what the model reads, `user_message` what the user sees. */
const PERMISSION: readonly OutputRename[] = [
  { from: 'permission', to: 'decision', values: { '"allow"': 'allow', '"deny"': 'deny', '"ask"': 'ask' } },
  { from: 'agent_message', to: 'reason' },
  { from: 'agentMessage', to: 'reason' },
  // A deny with only a user message still needs a reason to block with.
  { from: 'user_message', to: 'reason' },
  { from: 'userMessage', to: 'reason' },
  { from: 'user_message', to: 'systemMessage' },
  { from: 'userMessage', to: 'systemMessage' },
];
const ADDITIONAL_CONTEXT: readonly OutputRename[] = [{ from: 'additional_context', to: CONTEXT }];
/** `followup_message` is submitted as the next user message: the agent goes on, as a blocked Stop does. */
const FOLLOWUP: readonly OutputRename[] = [
  { from: 'followup_message', to: 'decision', value: 'block' },
  { from: 'followup_message', to: 'reason' },
];
const UPDATED_INPUT: readonly OutputRename[] = [
  { from: 'updated_input', to: 'hookSpecificOutput.tool_input' },
  { from: 'updated_input', to: 'hookSpecificOutput.replaceToolInput', value: true },
];

/** What every Cursor payload carries: the conversation as `conversation_id`, the project as `workspace_roots`. */
const BASE: InputShape = {
  nativeFills: { conversation_id: { from: 'session_id' }, workspace_roots: { listOf: 'cwd' } },
  canonicalFills: { session_id: { from: 'conversation_id' } },
};

const shape = (own: InputShape = {}): InputShape => ({
  ...BASE,
  ...own,
  nativeFills: { ...BASE.nativeFills, ...own.nativeFills },
  canonicalFills: { ...BASE.canonicalFills, ...own.canonicalFills },
});

const event = eventMaker({ matcher: 'regex', input: shape(), outputs: [], exit2: 'block', plainStdout: 'ignored' });

export const CURSOR_EVENTS: readonly DialectEvent[] = [
  event('preToolUse', 'BeforeTool', {
    matchTarget: 'tool_name',
    input: shape({ renames: TOOL_USE_ID_RENAME }),
    outputs: ['decision', 'reason', 'systemMessage', 'hookSpecificOutput.tool_input'],
    outputMap: [...PERMISSION, ...UPDATED_INPUT],
  }),
  event('postToolUse', 'AfterTool', {
    matchTarget: 'tool_name',
    input: shape({ renames: { ...TOOL_USE_ID_RENAME, tool_response: 'tool_output' }, jsonText: ['tool_response'] }),
    outputs: [CONTEXT],
    outputMap: ADDITIONAL_CONTEXT,
    exit2: 'warning',
  }),
  event('postToolUseFailure', 'PostToolUseFailure', {
    matchTarget: 'tool_name',
    input: shape({ renames: { ...TOOL_USE_ID_RENAME, error: 'error_message' } }),
    exit2: 'warning',
    discards: ['*'],
  }),
  event('beforeShellExecution', 'BeforeTool', {
    toolFilter: SHELL_TOOLS,
    input: shape({ lifts: { 'tool_input.command': 'command' }, canonicalFills: { tool_name: { value: 'Shell' } } }),
    outputs: ['decision', 'reason', 'systemMessage'],
    outputMap: PERMISSION,
  }),
  event('afterShellExecution', 'AfterTool', {
    toolFilter: SHELL_TOOLS,
    input: shape({
      lifts: { 'tool_input.command': 'command' },
      canonicalFills: { tool_name: { value: 'Shell' }, tool_response: { value: {} } },
    }),
    exit2: 'warning',
    discards: ['*'],
  }),
  event('beforeMCPExecution', 'BeforeTool', {
    toolFilter: MCP_TOOLS,
    input: shape({ jsonText: ['tool_input'] }),
    outputs: ['decision', 'reason', 'systemMessage'],
    outputMap: PERMISSION,
  }),
  event('afterMCPExecution', 'AfterTool', {
    toolFilter: MCP_TOOLS,
    input: shape({ renames: { tool_response: 'result_json' }, jsonText: ['tool_input', 'tool_response'] }),
    exit2: 'warning',
    discards: ['*'],
  }),
  event('beforeReadFile', 'BeforeTool', {
    toolFilter: READ_TOOLS,
    input: shape({
      lifts: { 'tool_input.file_path': 'file_path' },
      canonicalFills: { tool_name: { value: 'Read' } },
    }),
    outputs: ['decision', 'reason'],
    outputMap: PERMISSION,
  }),
  event('afterFileEdit', 'AfterTool', {
    toolFilter: EDIT_TOOLS,
    input: shape({
      lifts: { 'tool_input.file_path': 'file_path' },
      nativeFills: { edits: { value: [] } },
      canonicalFills: { tool_name: { value: 'Write' }, tool_response: { value: {} } },
    }),
    exit2: 'warning',
    discards: ['*'],
  }),
  // `continue: false` refuses the prompt (it does not stop the agent), with `user_message` as the reason.
  event('beforeSubmitPrompt', 'BeforeAgent', {
    input: shape({ nativeFills: { attachments: { value: [] } } }),
    outputs: ['decision', 'reason', 'systemMessage'],
    outputMap: [{ from: 'continue', to: 'decision', values: { false: 'block', true: null } }, ...PERMISSION.slice(3)],
  }),
  event('stop', 'AfterAgent', {
    input: shape({
      nativeFills: { status: { value: 'completed' }, loop_count: { value: 0 } },
      canonicalFills: { prompt: { value: '' }, prompt_response: { value: '' }, stop_hook_active: { value: false } },
    }),
    outputs: ['decision', 'reason'],
    outputMap: FOLLOWUP,
    discards: ['continue', 'systemMessage'],
  }),
  event('afterAgentResponse', 'AfterAgent', {
    input: shape({
      renames: { prompt_response: 'text' },
      canonicalFills: { prompt: { value: '' }, stop_hook_active: { value: false } },
    }),
    exit2: 'ignored',
    discards: ['*'],
  }),
  event('sessionStart', 'SessionStart', {
    input: shape({ canonicalFills: { source: { value: 'startup' } } }),
    outputs: [CONTEXT],
    outputMap: ADDITIONAL_CONTEXT,
    exit2: 'warning',
  }),
  event('sessionEnd', 'SessionEnd', {
    input: shape({
      toNativeValues: { reason: { exit: 'user_close', other: 'completed' } },
      toCanonicalValues: {
        reason: { completed: 'other', aborted: 'other', error: 'other', window_close: 'exit', user_close: 'exit' },
      },
    }),
    exit2: 'warning',
    discards: ['*'],
  }),
  event('subagentStart', 'SubagentStart', {
    matchTarget: 'agent_name',
    input: shape({ renames: { agent_name: 'subagent_type' } }),
    outputs: ['decision', 'reason', 'systemMessage'],
    outputMap: PERMISSION,
  }),
  event('subagentStop', 'SubagentStop', {
    matchTarget: 'agent_name',
    input: shape({
      renames: { agent_name: 'subagent_type', outcome: 'status' },
      toNativeValues: { outcome: { failed: 'error' } },
      toCanonicalValues: { outcome: { error: 'failed' } },
      canonicalFills: { outcome: { value: 'completed' } },
    }),
    outputs: ['decision', 'reason'],
    outputMap: FOLLOWUP,
  }),
  event('preCompact', 'PreCompress', {
    matchTarget: 'trigger',
    outputs: ['systemMessage'],
    outputMap: [{ from: 'user_message', to: 'systemMessage' }],
    exit2: 'warning',
    discards: ['decision', 'continue'],
  }),
];

export const CURSOR: Dialect = {
  id: 'cursor',
  label: 'Cursor',
  configDir: { name: '.cursor' },
  locations: [
    { scope: 'project', source: 'project', base: 'project', path: ['.cursor', 'hooks.json'] },
    { scope: 'user', source: 'user', base: 'config', path: ['hooks.json'], commandCwd: 'fileDir' },
    {
      scope: 'managed',
      source: 'system',
      base: 'absolute',
      path: {
        linux: '/etc/cursor/hooks.json',
        darwin: '/Library/Application Support/Cursor/hooks.json',
        win32: 'C:\\ProgramData\\Cursor\\hooks.json',
      },
      commandCwd: 'fileDir',
    },
  ],
  // A plugin's default hooks file; its manifest may name another (cursorPlugins.ts). `version` sits beside `hooks`.
  bundles: [{ kind: 'plugin', hooksFile: ['hooks', 'hooks.json'], fileKeys: ['version', '$schema', 'description'] }],
  events: CURSOR_EVENTS,
  timeoutUnit: 'seconds',
  defaultTimeoutMs: 60_000,
  // Cursor has no switch in the file: a hook is removed to turn it off.
  enablement: enabledUnlessSwitched(),
  // cursor.com/docs/agent/hooks "Environment variables"; CLAUDE_PROJECT_DIR is its documented alias.
  variables: [
    { name: 'CURSOR_PROJECT_DIR', value: 'projectDir' },
    { name: 'CURSOR_VERSION', value: 'agentVersion' },
    { name: 'CURSOR_USER_EMAIL', value: 'userEmail' },
    { name: 'CURSOR_TRANSCRIPT_PATH', value: 'transcriptPath' },
    { name: 'CLAUDE_PROJECT_DIR', value: 'projectDir' },
    { name: 'CURSOR_PLUGIN_ROOT', value: 'pluginRoot', when: 'bundle' },
  ],
  // Only a remote workspace has it; plugins get CURSOR_PLUGIN_ROOT.
  agentMarkers: ['CURSOR_CODE_REMOTE', 'CURSOR_PLUGIN_ROOT'],
  // Resolved like Claude's plugin root: a quoted reference, so an odd install path never becomes shell text.
  placeholders: [{ token: '${CURSOR_PLUGIN_ROOT}', variable: 'CURSOR_PLUGIN_ROOT', value: 'pluginRoot' }],
  hookTypes: { run: ['command', 'prompt'], skipped: [] },
  topLevelKeys: { acted: ['hooks', 'version'], quiet: ['$schema', 'description'], unknown: 'quiet' },
  hooksSectionKeys: [],
  groupKeys: MATCHER_GROUP_KEYS,
  hookKeys: {
    acted: ['type', 'command', 'timeout', 'matcher', 'failClosed', 'prompt', 'model', 'effects'],
    quiet: ['loop_limit', 'description', 'statusMessage'],
    unknown: 'warn',
  },
  hookList: 'flat',
  hookAliases: { failClosed: { key: 'failurePolicy', values: { true: 'block', false: 'allow' } } },
  unsupportedEvents: ['afterAgentThought', 'beforeTabFileRead', 'afterTabFileEdit', 'workspaceOpen'],
  sendsNativeEventName: true,
  exit2Stdout: 'ignored',
};

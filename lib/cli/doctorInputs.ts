/**
 * What `hookstream doctor` feeds hooks: the values an event's match target plausibly takes — tool names
 * of the agents hookstream speaks for (Gemini CLI, Claude Code, Copilot, Codex), an MCP tool, the session
 * sources and reasons, compression triggers, notification types — and a synthetic input per event. A
 * matcher that matches none of them probably never fires (a typo such as `^write_fiel$`).
 */
import type { EventFields, HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';

const TOOL_NAMES = [
  // Gemini CLI / LLxprt Code
  'read_file',
  'write_file',
  'replace',
  'edit',
  'run_shell_command',
  'list_directory',
  'glob',
  'search_file_content',
  'read_many_files',
  'web_fetch',
  'google_web_search',
  'save_memory',
  'write_todos',
  // Claude Code
  'Bash',
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'Glob',
  'Grep',
  'LS',
  'WebFetch',
  'WebSearch',
  'Task',
  'TodoWrite',
  'NotebookEdit',
  // Copilot CLI, Codex
  'shell',
  'bash',
  'view',
  'create',
  'str_replace',
  'apply_patch',
  // An MCP tool, as the agents name them
  'mcp__github__create_issue',
  'mcp_github_create_issue',
];

/** Plausible values of each event's match target (lib/events/names.ts `MATCH_TARGET`). */
export const PLAUSIBLE_TARGETS: Readonly<Partial<Record<EventName, readonly string[]>>> = {
  BeforeTool: TOOL_NAMES,
  AfterTool: TOOL_NAMES,
  SessionStart: ['startup', 'resume', 'clear', 'compress', 'compact'],
  SessionEnd: ['exit', 'clear', 'logout', 'prompt_input_exit', 'other'],
  PreCompress: ['manual', 'auto'],
  PostCompress: ['manual', 'auto'],
  Notification: ['ToolPermission', 'permission_prompt', 'idle_prompt', 'auth_success', 'elicitation_dialog'],
  PermissionRequest: TOOL_NAMES,
  PermissionDenied: TOOL_NAMES,
  PostToolUseFailure: TOOL_NAMES,
  StopFailure: ['rate_limit', 'authentication_failed', 'billing_error', 'invalid_request', 'server_error', 'unknown'],
  Setup: ['init', 'maintenance'],
  ConfigChange: ['user_settings', 'project_settings', 'local_settings', 'policy_settings', 'skills'],
  InstructionsLoaded: ['session_start', 'nested_traversal', 'path_glob_match', 'include', 'compact'],
  FileChanged: ['.envrc', '.env', 'package.json'],
};

const PROBE = 'hookstream doctor probe';

const REQUEST = {
  model: 'hookstream-doctor',
  messages: [{ role: 'user' as const, content: 'hookstream doctor probe' }],
};

/** The event's own fields for a probe run; `target` fills the match target where the event has one. */
export const probeFields = (event: EventName, target: string | undefined): Record<string, unknown> => {
  const fields: { [E in EventName]: EventFields<E> } = {
    BeforeTool: { tool_name: target ?? 'read_file', tool_input: {} },
    AfterTool: { tool_name: target ?? 'read_file', tool_input: {}, tool_response: {} },
    BeforeAgent: { prompt: 'hookstream doctor probe' },
    AfterAgent: { prompt: 'hookstream doctor probe', prompt_response: '', stop_hook_active: false },
    BeforeModel: { llm_request: REQUEST },
    AfterModel: { llm_request: REQUEST, llm_response: { text: '' } },
    BeforeToolSelection: { llm_request: REQUEST },
    SessionStart: { source: (target ?? 'startup') as EventFields<'SessionStart'>['source'] },
    SessionEnd: { reason: (target ?? 'exit') as EventFields<'SessionEnd'>['reason'] },
    PreCompress: { trigger: target ?? 'manual' },
    PostCompress: { trigger: target ?? 'manual' },
    Notification: { notification_type: target ?? 'ToolPermission', message: 'hookstream doctor probe' },
    SubagentStart: { agent_name: 'hookstream-doctor' },
    SubagentStop: { agent_name: 'hookstream-doctor', outcome: 'completed' },
    TurnComplete: { turn: 1 },
    PermissionRequest: { tool_name: target ?? 'read_file', tool_input: {} },
    PermissionDenied: { tool_name: target ?? 'read_file', tool_input: {}, reason: PROBE },
    PostToolUseFailure: { tool_name: target ?? 'read_file', tool_input: {}, error: PROBE },
    PostToolBatch: { tool_calls: [] },
    UserPromptExpansion: { expansion_type: 'slash_command', command_name: target ?? 'doctor', prompt: '/doctor' },
    StopFailure: { error: target ?? 'unknown' },
    Setup: { trigger: target ?? 'init' },
    ConfigChange: { source: target ?? 'project_settings' },
    InstructionsLoaded: { file_path: 'CLAUDE.md', memory_type: 'Project', load_reason: target ?? 'session_start' },
    CwdChanged: { old_cwd: '.', new_cwd: '.' },
    // FileChanged matches a file name; the probe's path ends in it.
    FileChanged: { file_path: target ?? '.envrc', event: 'change' },
    WorktreeCreate: { name: 'hookstream-doctor' },
    WorktreeRemove: { worktree_path: 'hookstream-doctor' },
    TaskCreated: { task_id: 'hookstream-doctor', task_subject: PROBE },
    TaskCompleted: { task_id: 'hookstream-doctor', task_subject: PROBE },
    TeammateIdle: { teammate_name: 'hookstream-doctor' },
    Elicitation: { mcp_server_name: target ?? 'hookstream-doctor', message: PROBE },
    ElicitationResult: { mcp_server_name: target ?? 'hookstream-doctor', action: 'cancel' },
    PreModelSwitch: { to_model: target ?? 'hookstream-doctor' },
    PostModelSwitch: { to_model: target ?? 'hookstream-doctor' },
    MessageDisplay: { turn_id: 't', message_id: 'm', index: 0, final: true, delta: '' },
  };
  return fields[event];
};

/** The full hook input of a probe: base fields, then the event's fields. */
export const probeInput = (event: EventName, target: string | undefined, projectDir: string): HookInput =>
  Object.assign(
    {
      session_id: 'hookstream-doctor',
      transcript_path: '',
      cwd: projectDir,
      hook_event_name: event,
      timestamp: new Date().toISOString(),
    },
    probeFields(event, target),
  ) as HookInput;

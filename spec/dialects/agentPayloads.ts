/**
 * Stdin payloads as Claude Code and Gemini CLI send them, one per event, shaped after their hooks
 * references (values made up). Specs read them into canonical inputs and back.
 */

const claudeBase = {
  session_id: 'abc123',
  transcript_path: '/home/u/.claude/projects/p/abc123.jsonl',
  cwd: '/repo',
  permission_mode: 'default',
};

const geminiBase = {
  session_id: 'g-1',
  transcript_path: '/home/u/.gemini/tmp/chat.json',
  cwd: '/repo',
  timestamp: '2026-11-20T10:00:00.000Z',
};

const claude = (hook_event_name: string, fields: Record<string, unknown>) => ({
  ...claudeBase,
  hook_event_name,
  ...fields,
});
const gemini = (hook_event_name: string, fields: Record<string, unknown>) => ({
  ...geminiBase,
  hook_event_name,
  ...fields,
});

export const CLAUDE_PAYLOADS: Readonly<Record<string, Record<string, unknown>>> = {
  PreToolUse: claude('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'toolu_1' }),
  PermissionRequest: claude('PermissionRequest', {
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf node_modules' },
    permission_suggestions: [
      { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'localSettings' },
    ],
  }),
  PermissionDenied: claude('PermissionDenied', {
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf /tmp/build' },
    tool_use_id: 'toolu_2',
    reason: 'path outside the project',
  }),
  PostToolUse: claude('PostToolUse', {
    tool_name: 'Write',
    tool_input: { file_path: '/repo/a.txt', content: 'x' },
    tool_response: { filePath: '/repo/a.txt', success: true },
    tool_use_id: 'toolu_3',
    duration_ms: 12,
  }),
  PostToolUseFailure: claude('PostToolUseFailure', {
    tool_name: 'Bash',
    tool_input: { command: 'npm test' },
    tool_use_id: 'toolu_4',
    error: 'Command exited with non-zero status code 1',
    is_interrupt: false,
    duration_ms: 4000,
  }),
  PostToolBatch: claude('PostToolBatch', {
    tool_calls: [
      { tool_name: 'Read', tool_input: { file_path: '/repo/a.py' }, tool_use_id: 'toolu_5', tool_response: '1\tx' },
    ],
  }),
  UserPromptSubmit: claude('UserPromptSubmit', { prompt: 'Write a factorial function' }),
  UserPromptExpansion: claude('UserPromptExpansion', {
    expansion_type: 'slash_command',
    command_name: 'deploy',
    command_args: 'prod',
    command_source: 'plugin',
    prompt: '/deploy prod',
  }),
  Stop: claude('Stop', {
    stop_hook_active: true,
    last_assistant_message: 'Done.',
    background_tasks: [],
    session_crons: [],
  }),
  StopFailure: claude('StopFailure', {
    error: 'rate_limit',
    error_details: '429',
    last_assistant_message: 'API Error',
  }),
  SubagentStart: claude('SubagentStart', { agent_id: 'agent-1', agent_type: 'Explore' }),
  SubagentStop: claude('SubagentStop', {
    stop_hook_active: false,
    agent_id: 'def456',
    agent_type: 'Explore',
    agent_transcript_path: '/home/u/.claude/projects/p/abc123/subagents/agent-def456.jsonl',
    last_assistant_message: 'Found 3 issues',
  }),
  TaskCreated: claude('TaskCreated', { task_id: 'task-1', task_subject: 'Add login', task_description: 'endpoints' }),
  TaskCompleted: claude('TaskCompleted', { task_id: 'task-1', task_subject: 'Add login', teammate_name: 'impl' }),
  TeammateIdle: claude('TeammateIdle', { teammate_name: 'researcher', team_name: 'session-a1' }),
  InstructionsLoaded: claude('InstructionsLoaded', {
    file_path: '/repo/CLAUDE.md',
    memory_type: 'Project',
    load_reason: 'session_start',
  }),
  ConfigChange: claude('ConfigChange', { source: 'project_settings', file_path: '/repo/.claude/settings.json' }),
  CwdChanged: claude('CwdChanged', { old_cwd: '/repo', new_cwd: '/repo/src' }),
  FileChanged: claude('FileChanged', { file_path: '/repo/.envrc', event: 'change' }),
  WorktreeCreate: claude('WorktreeCreate', { name: 'feature-auth' }),
  WorktreeRemove: claude('WorktreeRemove', { worktree_path: '/repo/.claude/worktrees/feature-auth' }),
  PreCompact: claude('PreCompact', { trigger: 'auto', custom_instructions: null }),
  PostCompact: claude('PostCompact', { trigger: 'manual', compact_summary: 'Summary…' }),
  SessionStart: claude('SessionStart', { source: 'compact', model: 'claude-sonnet' }),
  Setup: claude('Setup', { trigger: 'init' }),
  SessionEnd: claude('SessionEnd', { reason: 'resume' }),
  Notification: claude('Notification', {
    message: 'Claude needs your permission',
    title: 'Permission',
    notification_type: 'permission_prompt',
  }),
  Elicitation: claude('Elicitation', {
    mcp_server_name: 'db',
    message: 'Credentials?',
    mode: 'form',
    requested_schema: { type: 'object' },
  }),
  ElicitationResult: claude('ElicitationResult', {
    mcp_server_name: 'db',
    action: 'accept',
    content: { user: 'a' },
    mode: 'form',
  }),
  PreModelSwitch: claude('PreModelSwitch', {
    from_model: 'claude-sonnet',
    to_model: 'claude-opus',
    source: 'command',
    context_tokens: 1200,
  }),
  PostModelSwitch: claude('PostModelSwitch', {
    from_model: 'claude-sonnet',
    to_model: 'claude-opus',
    source: 'picker',
  }),
  MessageDisplay: claude('MessageDisplay', {
    turn_id: 't1',
    message_id: 'm1',
    index: 0,
    final: true,
    delta: 'Here is the plan:\n',
  }),
};

export const GEMINI_PAYLOADS: Readonly<Record<string, Record<string, unknown>>> = {
  BeforeTool: gemini('BeforeTool', {
    tool_name: 'write_file',
    tool_input: { file_path: 'a.txt', content: 'x' },
    mcp_context: {},
  }),
  AfterTool: gemini('AfterTool', {
    tool_name: 'read_file',
    tool_input: { file_path: 'a.txt' },
    tool_response: { llmContent: 'x', returnDisplay: 'x' },
  }),
  BeforeAgent: gemini('BeforeAgent', { prompt: 'hello' }),
  AfterAgent: gemini('AfterAgent', { prompt: 'hello', prompt_response: 'hi', stop_hook_active: false }),
  BeforeModel: gemini('BeforeModel', {
    llm_request: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'hi' }] },
  }),
  AfterModel: gemini('AfterModel', {
    llm_request: { model: 'gemini-2.5-pro', messages: [] },
    llm_response: { text: 'hi' },
  }),
  BeforeToolSelection: gemini('BeforeToolSelection', { llm_request: { model: 'gemini-2.5-pro', messages: [] } }),
  SessionStart: gemini('SessionStart', { source: 'startup' }),
  SessionEnd: gemini('SessionEnd', { reason: 'exit' }),
  Notification: gemini('Notification', {
    notification_type: 'ToolPermission',
    message: 'Allow?',
    details: { tool: 'x' },
  }),
  PreCompress: gemini('PreCompress', { trigger: 'auto' }),
};

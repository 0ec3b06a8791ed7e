/**
 * The input every hook receives: the base fields plus the event's own fields (llxprt's input
 * interfaces, x-code payloads for the extra events).
 *
 * Plain TypeScript on purpose: these types are public, and published declarations must not depend on the codecs.
 * The runtime side is `codecs.ts`, which checks at compile time that both say the same thing.
 * Object types are `type` aliases, not interfaces, so they stay assignable to `Record<string, unknown>`.
 */
import type { EventName } from './names.js';

/** Base fields present in every hook input (the seed API's `HookInput`). */
export type BaseInput = {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  timestamp: string;
};

export type MessageRole = 'user' | 'model' | 'system' | 'assistant' | 'tool';

/**
 * One message of the stable hook LLM format. `ref` is set by lib/translate: it ties the
 * message to its SDK message so edits land there and non-text parts stay attached; hooks leave it alone.
 */
export type HookMessage = { role: MessageRole; content: string; name?: string; ref?: string };

export type ToolMode = 'AUTO' | 'ANY' | 'NONE';

export type HookToolConfig = { mode?: ToolMode; allowedFunctionNames?: string[] };

/** The stable LLM request; unknown keys (SDK extras, the older `contents` shape) pass through. */
export type LLMRequest = {
  [key: string]: unknown;
  model?: string;
  messages?: HookMessage[];
  config?: Record<string, unknown>;
  toolConfig?: HookToolConfig;
};

/** The stable LLM response; unknown keys pass through. */
export type LLMResponse = {
  [key: string]: unknown;
  text?: string;
  candidates?: Record<string, unknown>[];
  usageMetadata?: Record<string, unknown>;
};

export type BeforeToolFields = { tool_name: string; tool_input: Record<string, unknown>; tool_call_id?: string };
export type AfterToolFields = {
  tool_name: string;
  tool_input: Record<string, unknown>;
  /**
   * The tool's result as the agent sends it: any JSON value (Claude sends an array of content blocks for MCP
   * tools and text for some tools, Codex the tool's text or `null`, Gemini an object).
   */
  tool_response: unknown;
  tool_call_id?: string;
};
export type BeforeAgentFields = { prompt: string };
export type AfterAgentFields = { prompt: string; prompt_response: string; stop_hook_active: boolean };
export type BeforeModelFields = { llm_request: LLMRequest };
export type AfterModelFields = { llm_request: LLMRequest; llm_response: LLMResponse };
export type BeforeToolSelectionFields = { llm_request: LLMRequest };
export type SessionStartFields = { source: 'startup' | 'resume' | 'clear' | 'compress' };
export type SessionEndFields = { reason: 'exit' | 'clear' | 'logout' | 'prompt_input_exit' | 'other' };
export type PreCompressFields = {
  trigger: string;
  message_count?: number;
  token_estimate?: number;
  custom_instructions?: string;
};
export type PostCompressFields = { trigger: string; message_count?: number; summary?: string };
export type NotificationFields = { notification_type: string; message: string; details?: Record<string, unknown> };
export type SubagentStartFields = { agent_name: string; agent_description?: string; prompt?: string };
export type SubagentStopFields = {
  agent_name: string;
  outcome: 'completed' | 'aborted' | 'failed';
  duration_ms?: number;
  token_usage?: Record<string, unknown>;
};
export type TurnCompleteFields = { turn: number; token_usage?: Record<string, unknown> };

// Claude Code's own events (names.ts `CLAUDE_EVENT_NAMES`), with the fields its hooks reference lists; Claude's
// `tool_use_id` is `tool_call_id` here, as on BeforeTool (the claude dialect renames it on the way in and out).

/** The permission dialog is about to be shown for a tool call; a hook may answer it instead of the user. */
export type PermissionRequestFields = {
  tool_name: string;
  tool_input: Record<string, unknown>;
  /** The "always allow" options the dialog would offer (Claude's permission update objects). */
  permission_suggestions?: Record<string, unknown>[];
};
/** Auto mode denied a tool call; a hook may ask for a retry. */
export type PermissionDeniedFields = {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_call_id?: string;
  reason: string;
};
/** The tool threw or failed: `error` says how; `is_interrupt` when the user interrupted it. */
export type PostToolUseFailureFields = {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_call_id?: string;
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
};
/** Every tool call of one model turn has finished. */
export type PostToolBatchFields = { tool_calls: Record<string, unknown>[] };
/** A slash command (or skill) is about to expand into a prompt. */
export type UserPromptExpansionFields = {
  expansion_type: string;
  command_name: string;
  command_args?: string;
  command_source?: string;
  prompt: string;
};
/** The turn ended in an API error (`rate_limit`, `authentication_failed`, `server_error`, …). */
export type StopFailureFields = { error: string; error_details?: string; last_assistant_message?: string };
export type SetupFields = { trigger: string };
export type ConfigChangeFields = { source: string; file_path?: string };
export type InstructionsLoadedFields = {
  file_path: string;
  memory_type: string;
  load_reason: string;
  globs?: string[];
  trigger_file_path?: string;
  parent_file_path?: string;
};
export type CwdChangedFields = { old_cwd: string; new_cwd: string };
/** A watched file changed; `event` is `change`, `add` or `unlink`. */
export type FileChangedFields = { file_path: string; event: string };
export type WorktreeCreateFields = { name: string };
export type WorktreeRemoveFields = { worktree_path: string };
export type TaskFields = {
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
};
export type TeammateIdleFields = { teammate_name: string; team_name?: string };
/** An MCP server asks the user for input; a hook may answer (`action`, `content`). */
export type ElicitationFields = {
  mcp_server_name: string;
  message: string;
  mode?: string;
  url?: string;
  elicitation_id?: string;
  requested_schema?: Record<string, unknown>;
};
/** The user answered an MCP elicitation; a hook may change the answer before the server gets it. */
export type ElicitationResultFields = {
  mcp_server_name: string;
  action: string;
  mode?: string;
  elicitation_id?: string;
  content?: Record<string, unknown>;
};
export type ModelSwitchFields = {
  to_model: string;
  from_model?: string;
  requested_model?: string;
  source?: string;
  context_tokens?: number;
  prompt_cache_warm?: boolean;
  cache_ttl?: unknown;
  estimated_cache_write_usd?: number;
  pricing?: unknown;
};
/** A piece of an assistant message about to be shown; a hook may change what is displayed. */
export type MessageDisplayFields = {
  turn_id: string;
  message_id: string;
  index: number;
  final: boolean;
  delta: string;
};

/** Each canonical event's own fields. */
export type EventFieldsMap = {
  BeforeTool: BeforeToolFields;
  AfterTool: AfterToolFields;
  BeforeAgent: BeforeAgentFields;
  AfterAgent: AfterAgentFields;
  BeforeModel: BeforeModelFields;
  AfterModel: AfterModelFields;
  BeforeToolSelection: BeforeToolSelectionFields;
  SessionStart: SessionStartFields;
  SessionEnd: SessionEndFields;
  PreCompress: PreCompressFields;
  PostCompress: PostCompressFields;
  Notification: NotificationFields;
  SubagentStart: SubagentStartFields;
  SubagentStop: SubagentStopFields;
  TurnComplete: TurnCompleteFields;
  PermissionRequest: PermissionRequestFields;
  PermissionDenied: PermissionDeniedFields;
  PostToolUseFailure: PostToolUseFailureFields;
  PostToolBatch: PostToolBatchFields;
  UserPromptExpansion: UserPromptExpansionFields;
  StopFailure: StopFailureFields;
  Setup: SetupFields;
  ConfigChange: ConfigChangeFields;
  InstructionsLoaded: InstructionsLoadedFields;
  CwdChanged: CwdChangedFields;
  FileChanged: FileChangedFields;
  WorktreeCreate: WorktreeCreateFields;
  WorktreeRemove: WorktreeRemoveFields;
  TaskCreated: TaskFields;
  TaskCompleted: TaskFields;
  TeammateIdle: TeammateIdleFields;
  Elicitation: ElicitationFields;
  ElicitationResult: ElicitationResultFields;
  PreModelSwitch: ModelSwitchFields;
  PostModelSwitch: ModelSwitchFields;
  MessageDisplay: MessageDisplayFields;
};

/** The event's own fields, as the host passes them to `fire`. */
export type EventFields<E extends EventName> = EventFieldsMap[E];

/** What a hook receives on stdin for event `E`. */
export type HookInputOf<E extends EventName> = BaseInput & EventFields<E> & { hook_event_name: E };

/** Any hook input (all events). */
export type HookInput = { [E in EventName]: HookInputOf<E> }[EventName];

/**
 * The input every hook receives: the base fields plus the event's own fields (seed API reference
 * "Input Interfaces", functional spec §3, x-code payloads for the extra events).
 *
 * Plain TypeScript on purpose: these types are public, and published declarations must not depend on the codecs.
 * The runtime side is `codecs.ts`, which checks at compile time that both say the same thing.
 * Object types are `type` aliases, not interfaces, so they stay assignable to `Record<string, unknown>`.
 */
import type { EventName } from './names.js';

/** Base fields present in every hook input (seed API reference `HookInput`). */
export type BaseInput = {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  timestamp: string;
};

export type MessageRole = 'user' | 'model' | 'system' | 'assistant' | 'tool';

/**
 * One message of the stable hook LLM format (functional spec §5.1). `ref` is set by lib/translate: it ties the
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

/** The stable LLM response (functional spec §5.2); unknown keys pass through. */
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
  tool_response: Record<string, unknown>;
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
};

/** The event's own fields, as the host passes them to `fire`. */
export type EventFields<E extends EventName> = EventFieldsMap[E];

/** What a hook receives on stdin for event `E`. */
export type HookInputOf<E extends EventName> = BaseInput & EventFields<E> & { hook_event_name: E };

/** Any hook input (all events). */
export type HookInput = { [E in EventName]: HookInputOf<E> }[EventName];

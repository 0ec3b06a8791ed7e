/**
 * io-ts codecs for every event's input: the base fields every hook receives plus the event's own
 * fields (seed API reference "Input Interfaces", functional spec §3, x-code payloads for the extra events).
 */
import * as t from 'io-ts';
import type { EventName } from './names.js';

/** Base fields present in every hook input (seed API reference `HookInput`). */
export const BaseInput = t.type({
  session_id: t.string,
  transcript_path: t.string,
  cwd: t.string,
  hook_event_name: t.string,
  timestamp: t.string,
});

const Role = t.keyof({ user: null, model: null, system: null, assistant: null, tool: null });

/**
 * One message of the stable hook LLM format (functional spec §5.1). `ref` is set by lib/translate: it ties the
 * message to its SDK message so edits land there and non-text parts stay attached; hooks leave it alone.
 */
export const HookMessage = t.intersection([
  t.type({ role: Role, content: t.string }),
  t.partial({ name: t.string, ref: t.string }),
]);

export const ToolMode = t.keyof({ AUTO: null, ANY: null, NONE: null });

export const HookToolConfig = t.partial({
  mode: ToolMode,
  allowedFunctionNames: t.array(t.string),
});

/** The stable LLM request; unknown keys (SDK extras, the older `contents` shape) pass through. */
export const LLMRequest = t.intersection([
  t.UnknownRecord,
  t.partial({
    model: t.string,
    messages: t.array(HookMessage),
    config: t.UnknownRecord,
    toolConfig: HookToolConfig,
  }),
]);

/** The stable LLM response (functional spec §5.2); unknown keys pass through. */
export const LLMResponse = t.intersection([
  t.UnknownRecord,
  t.partial({
    text: t.string,
    candidates: t.array(t.UnknownRecord),
    usageMetadata: t.UnknownRecord,
  }),
]);

const withFields = <P extends t.Props, O extends t.Props>(required: P, optional: O) =>
  t.intersection([t.type(required), t.partial(optional)]);

/** The event's own fields, per canonical event. */
export const EVENT_FIELDS = {
  BeforeTool: withFields({ tool_name: t.string, tool_input: t.UnknownRecord }, { tool_call_id: t.string }),
  AfterTool: withFields(
    { tool_name: t.string, tool_input: t.UnknownRecord, tool_response: t.UnknownRecord },
    { tool_call_id: t.string },
  ),
  BeforeAgent: withFields({ prompt: t.string }, {}),
  AfterAgent: withFields({ prompt: t.string, prompt_response: t.string, stop_hook_active: t.boolean }, {}),
  BeforeModel: withFields({ llm_request: LLMRequest }, {}),
  AfterModel: withFields({ llm_request: LLMRequest, llm_response: LLMResponse }, {}),
  BeforeToolSelection: withFields({ llm_request: LLMRequest }, {}),
  SessionStart: withFields({ source: t.keyof({ startup: null, resume: null, clear: null, compress: null }) }, {}),
  SessionEnd: withFields(
    { reason: t.keyof({ exit: null, clear: null, logout: null, prompt_input_exit: null, other: null }) },
    {},
  ),
  PreCompress: withFields(
    { trigger: t.string },
    { message_count: t.number, token_estimate: t.number, custom_instructions: t.string },
  ),
  PostCompress: withFields({ trigger: t.string }, { message_count: t.number, summary: t.string }),
  Notification: withFields({ notification_type: t.string, message: t.string }, { details: t.UnknownRecord }),
  SubagentStart: withFields({ agent_name: t.string }, { agent_description: t.string, prompt: t.string }),
  SubagentStop: withFields(
    { agent_name: t.string, outcome: t.keyof({ completed: null, aborted: null, failed: null }) },
    { duration_ms: t.number, token_usage: t.UnknownRecord },
  ),
  TurnComplete: withFields({ turn: t.number }, { token_usage: t.UnknownRecord }),
} satisfies Record<EventName, t.Mixed>;

type Fields = typeof EVENT_FIELDS;

/** The event's own fields, as the host passes them to `fire`. */
export type EventFields<E extends EventName> = t.TypeOf<Fields[E]>;

/** What a hook receives on stdin for event `E`. */
export type HookInputOf<E extends EventName> = t.TypeOf<typeof BaseInput> & EventFields<E> & { hook_event_name: E };

/** Any hook input (all events). */
export type HookInput = { [E in EventName]: HookInputOf<E> }[EventName];

export type HookMessage = t.TypeOf<typeof HookMessage>;
export type HookToolConfig = t.TypeOf<typeof HookToolConfig>;
export type LLMRequest = t.TypeOf<typeof LLMRequest>;
export type LLMResponse = t.TypeOf<typeof LLMResponse>;
export type ToolMode = t.TypeOf<typeof ToolMode>;

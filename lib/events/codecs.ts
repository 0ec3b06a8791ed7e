/**
 * io-ts codecs: the runtime side of the public types in `inputs.ts` and `outputs.ts`. Internal only (no
 * public type is derived from them), and pinned to those types by the compile-time checks at the end.
 */
import * as t from 'io-ts';
import type { EventName } from './names.js';
import type {
  BaseInput,
  EventFieldsMap,
  HookMessage,
  HookToolConfig,
  LLMRequest,
  LLMResponse,
  ToolMode,
} from './inputs.js';

export const BaseInputCodec = t.type({
  session_id: t.string,
  transcript_path: t.string,
  cwd: t.string,
  hook_event_name: t.string,
  timestamp: t.string,
});

const Role = t.keyof({ user: null, model: null, system: null, assistant: null, tool: null });

export const HookMessageCodec = t.intersection([
  t.type({ role: Role, content: t.string }),
  t.partial({ name: t.string, ref: t.string }),
]);

export const ToolModeCodec = t.keyof({ AUTO: null, ANY: null, NONE: null });

export const HookToolConfigCodec = t.partial({
  mode: ToolModeCodec,
  allowedFunctionNames: t.array(t.string),
});

export const LLMRequestCodec = t.intersection([
  t.UnknownRecord,
  t.partial({
    model: t.string,
    messages: t.array(HookMessageCodec),
    config: t.UnknownRecord,
    toolConfig: HookToolConfigCodec,
  }),
]);

export const LLMResponseCodec = t.intersection([
  t.UnknownRecord,
  t.partial({
    text: t.string,
    candidates: t.array(t.UnknownRecord),
    usageMetadata: t.UnknownRecord,
  }),
]);

const withFields = <P extends t.Props, O extends t.Props>(required: P, optional: O) =>
  t.intersection([t.type(required), t.partial(optional)]);

const TaskCodec = withFields(
  { task_id: t.string, task_subject: t.string },
  { task_description: t.string, teammate_name: t.string, team_name: t.string },
);

const ModelSwitchCodec = withFields(
  { to_model: t.string },
  {
    from_model: t.string,
    requested_model: t.string,
    source: t.string,
    context_tokens: t.number,
    prompt_cache_warm: t.boolean,
    cache_ttl: t.unknown,
    estimated_cache_write_usd: t.number,
    pricing: t.unknown,
  },
);

/** Any JSON value, `null` included, but the field must be there (a tool's result as its agent sends it). */
const JsonValueCodec = new t.Type<unknown>(
  'any JSON value',
  (value): value is unknown => value !== undefined,
  (value, context) => (value === undefined ? t.failure(value, context) : t.success(value)),
  t.identity,
);

/** The event's own fields, per canonical event. */
export const EVENT_FIELD_CODECS = {
  BeforeTool: withFields({ tool_name: t.string, tool_input: t.UnknownRecord }, { tool_call_id: t.string }),
  AfterTool: withFields(
    { tool_name: t.string, tool_input: t.UnknownRecord, tool_response: JsonValueCodec },
    { tool_call_id: t.string },
  ),
  BeforeAgent: withFields({ prompt: t.string }, {}),
  AfterAgent: withFields({ prompt: t.string, prompt_response: t.string, stop_hook_active: t.boolean }, {}),
  BeforeModel: withFields({ llm_request: LLMRequestCodec }, {}),
  AfterModel: withFields({ llm_request: LLMRequestCodec, llm_response: LLMResponseCodec }, {}),
  BeforeToolSelection: withFields({ llm_request: LLMRequestCodec }, {}),
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
  PermissionRequest: withFields(
    { tool_name: t.string, tool_input: t.UnknownRecord },
    { permission_suggestions: t.array(t.UnknownRecord) },
  ),
  PermissionDenied: withFields(
    { tool_name: t.string, tool_input: t.UnknownRecord, reason: t.string },
    { tool_call_id: t.string },
  ),
  PostToolUseFailure: withFields(
    { tool_name: t.string, tool_input: t.UnknownRecord, error: t.string },
    { tool_call_id: t.string, is_interrupt: t.boolean, duration_ms: t.number },
  ),
  PostToolBatch: withFields({ tool_calls: t.array(t.UnknownRecord) }, {}),
  UserPromptExpansion: withFields(
    { expansion_type: t.string, command_name: t.string, prompt: t.string },
    { command_args: t.string, command_source: t.string },
  ),
  StopFailure: withFields({ error: t.string }, { error_details: t.string, last_assistant_message: t.string }),
  Setup: withFields({ trigger: t.string }, {}),
  ConfigChange: withFields({ source: t.string }, { file_path: t.string }),
  InstructionsLoaded: withFields(
    { file_path: t.string, memory_type: t.string, load_reason: t.string },
    { globs: t.array(t.string), trigger_file_path: t.string, parent_file_path: t.string },
  ),
  CwdChanged: withFields({ old_cwd: t.string, new_cwd: t.string }, {}),
  FileChanged: withFields({ file_path: t.string, event: t.string }, {}),
  WorktreeCreate: withFields({ name: t.string }, {}),
  WorktreeRemove: withFields({ worktree_path: t.string }, {}),
  TaskCreated: TaskCodec,
  TaskCompleted: TaskCodec,
  TeammateIdle: withFields({ teammate_name: t.string }, { team_name: t.string }),
  Elicitation: withFields(
    { mcp_server_name: t.string, message: t.string },
    { mode: t.string, url: t.string, elicitation_id: t.string, requested_schema: t.UnknownRecord },
  ),
  ElicitationResult: withFields(
    { mcp_server_name: t.string, action: t.string },
    { mode: t.string, elicitation_id: t.string, content: t.UnknownRecord },
  ),
  PreModelSwitch: ModelSwitchCodec,
  PostModelSwitch: ModelSwitchCodec,
  MessageDisplay: withFields(
    { turn_id: t.string, message_id: t.string, index: t.number, final: t.boolean, delta: t.string },
    {},
  ),
} satisfies Record<EventName, t.Mixed>;

// Compile-time drift checks: a codec's decoded type and its hand-written public type must be mutually assignable
// and name the same keys with the same optionality (assignability alone lets an optional key go missing).
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type RequiredKeys<T> = { [K in NamedKeys<T>]-?: object extends Pick<T, K> ? never : K }[NamedKeys<T>];
type Same<A, B> = [A, B] extends [B, A] ? true : false;

/** `true` when codec `C` decodes exactly to `T`; `false` names a drift. */
export type Agrees<C extends t.Mixed, T> = [
  Same<t.TypeOf<C>, T>,
  Same<NamedKeys<t.TypeOf<C>>, NamedKeys<T>>,
  Same<RequiredKeys<t.TypeOf<C>>, RequiredKeys<T>>,
][number];

/** Compiles only when every check is `true` (a `boolean` means one of them failed). */
export type Expect<T extends true> = T;

type AgreesPerEvent = { [E in EventName]: Agrees<(typeof EVENT_FIELD_CODECS)[E], EventFieldsMap[E]> }[EventName];

export type CodecsMatchTypes = Expect<
  [
    Agrees<typeof BaseInputCodec, BaseInput>,
    Agrees<typeof HookMessageCodec, HookMessage>,
    Agrees<typeof ToolModeCodec, ToolMode>,
    Agrees<typeof HookToolConfigCodec, HookToolConfig>,
    Agrees<typeof LLMRequestCodec, LLMRequest>,
    Agrees<typeof LLMResponseCodec, LLMResponse>,
    AgreesPerEvent,
  ][number]
>;

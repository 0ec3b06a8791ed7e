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

/** The event's own fields, per canonical event. */
export const EVENT_FIELD_CODECS = {
  BeforeTool: withFields({ tool_name: t.string, tool_input: t.UnknownRecord }, { tool_call_id: t.string }),
  AfterTool: withFields(
    { tool_name: t.string, tool_input: t.UnknownRecord, tool_response: t.UnknownRecord },
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

/**
 * Builders for every event's hook input. Each returns a complete `HookInputOf<E>`: the event's fields
 * plus deterministic base fields (`session_id`, `transcript_path`, `cwd`, `timestamp`), any of which —
 * and any optional event field — can be overridden by the last argument.
 */
import type { EventFields, HookInputOf, LLMRequest, LLMResponse, SessionStartFields } from '../events/inputs.js';
import type { EventName } from '../events/names.js';

/** The base fields every hook input carries, with the values the builders use by default. */
export const TEST_BASE_FIELDS = Object.freeze({
  session_id: 'test-session',
  transcript_path: '/tmp/hookstream-test/transcript.jsonl',
  cwd: '/project',
  timestamp: '2025-01-01T00:00:00.000Z',
});

/** Base fields and optional event fields a test may set on a built input. */
export type InputOverrides<E extends EventName> = Partial<Omit<HookInputOf<E>, 'hook_event_name'>>;

/**
 * The general builder: `fields` are the event's own fields; base fields are filled in.
 *
 * @example inputOf('TurnComplete', { turn: 3 }, { session_id: 's-2' })
 */
export const inputOf = <E extends EventName>(
  event: E,
  fields: EventFields<E>,
  overrides: InputOverrides<E> = {},
): HookInputOf<E> => ({ ...TEST_BASE_FIELDS, ...fields, ...overrides, hook_event_name: event }) as HookInputOf<E>;

/** BeforeTool: `beforeTool('write_file', { file_path: 'src/a.ts', content: '' })`. */
export const beforeTool = (
  toolName: string,
  toolInput: Record<string, unknown> = {},
  overrides?: InputOverrides<'BeforeTool'>,
): HookInputOf<'BeforeTool'> => inputOf('BeforeTool', { tool_name: toolName, tool_input: toolInput }, overrides);

/** AfterTool: the tool's arguments and its result. */
export const afterTool = (
  toolName: string,
  toolInput: Record<string, unknown>,
  toolResponse: Record<string, unknown>,
  overrides?: InputOverrides<'AfterTool'>,
): HookInputOf<'AfterTool'> =>
  inputOf('AfterTool', { tool_name: toolName, tool_input: toolInput, tool_response: toolResponse }, overrides);

/** BeforeModel: the request about to be sent (stable format). */
export const beforeModel = (
  request: LLMRequest,
  overrides?: InputOverrides<'BeforeModel'>,
): HookInputOf<'BeforeModel'> => inputOf('BeforeModel', { llm_request: request }, overrides);

/** AfterModel: the request that was sent and the model's response. */
export const afterModel = (
  request: LLMRequest,
  response: LLMResponse,
  overrides?: InputOverrides<'AfterModel'>,
): HookInputOf<'AfterModel'> => inputOf('AfterModel', { llm_request: request, llm_response: response }, overrides);

/** BeforeToolSelection: the request whose tools are about to be offered. */
export const beforeToolSelection = (
  request: LLMRequest,
  overrides?: InputOverrides<'BeforeToolSelection'>,
): HookInputOf<'BeforeToolSelection'> => inputOf('BeforeToolSelection', { llm_request: request }, overrides);

/** BeforeAgent: the user's prompt. */
export const beforeAgent = (prompt: string, overrides?: InputOverrides<'BeforeAgent'>): HookInputOf<'BeforeAgent'> =>
  inputOf('BeforeAgent', { prompt }, overrides);

/** AfterAgent (Stop): the prompt, the agent's final response, and whether a stop hook already forced a turn. */
export const afterAgent = (
  prompt: string,
  response: string,
  stopHookActive = false,
  overrides?: InputOverrides<'AfterAgent'>,
): HookInputOf<'AfterAgent'> =>
  inputOf('AfterAgent', { prompt, prompt_response: response, stop_hook_active: stopHookActive }, overrides);

type SessionEndReason = EventFields<'SessionEnd'>['reason'];

export const sessionStart = (
  source: SessionStartFields['source'] = 'startup',
  overrides?: InputOverrides<'SessionStart'>,
): HookInputOf<'SessionStart'> => inputOf('SessionStart', { source }, overrides);

export const sessionEnd = (
  reason: SessionEndReason = 'exit',
  overrides?: InputOverrides<'SessionEnd'>,
): HookInputOf<'SessionEnd'> => inputOf('SessionEnd', { reason }, overrides);

/** PreCompress: `trigger` is `manual` or `auto` by convention; counts go in `overrides`. */
export const preCompress = (trigger = 'auto', overrides?: InputOverrides<'PreCompress'>): HookInputOf<'PreCompress'> =>
  inputOf('PreCompress', { trigger }, overrides);

export const postCompress = (
  trigger = 'auto',
  summary?: string,
  overrides?: InputOverrides<'PostCompress'>,
): HookInputOf<'PostCompress'> =>
  inputOf('PostCompress', { trigger, ...(summary !== undefined ? { summary } : {}) }, overrides);

export const notification = (
  type: string,
  message: string,
  overrides?: InputOverrides<'Notification'>,
): HookInputOf<'Notification'> => inputOf('Notification', { notification_type: type, message }, overrides);

export const subagentStart = (
  agentName: string,
  prompt?: string,
  overrides?: InputOverrides<'SubagentStart'>,
): HookInputOf<'SubagentStart'> =>
  inputOf('SubagentStart', { agent_name: agentName, ...(prompt !== undefined ? { prompt } : {}) }, overrides);

export const subagentStop = (
  agentName: string,
  outcome: EventFields<'SubagentStop'>['outcome'] = 'completed',
  overrides?: InputOverrides<'SubagentStop'>,
): HookInputOf<'SubagentStop'> => inputOf('SubagentStop', { agent_name: agentName, outcome }, overrides);

export const turnComplete = (turn = 1, overrides?: InputOverrides<'TurnComplete'>): HookInputOf<'TurnComplete'> =>
  inputOf('TurnComplete', { turn }, overrides);

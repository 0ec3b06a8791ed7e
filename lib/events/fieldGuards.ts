/**
 * The fast check of event input, run on every `fire` (hooks or not): one predicate per event that reads
 * each field by name and tests it with `typeof`, a set or a loop. It accepts exactly what the event's codec
 * in `codecs.ts` accepts (spec/events/fieldGuards.spec.ts compares them on generated input); the codec
 * stays the schema and explains a rejection. Written out by hand rather than walked from a table: a table walk
 * loads each field by computed key and measured 3× slower (BeforeTool ≈ 10 ns here, a bare awaited call ≈ 60 ns).
 *
 * One deliberate difference from the codec's `.is`: an array hole is rejected, as `decode` rejects it
 * (`.is` uses `every`, which skips holes), so whatever the guard rejects, `decode` can explain.
 */
import { isRecord } from '../core/guards.js';
import type { EventName } from './names.js';

type Fields = Readonly<Record<string, unknown>>;

const isString = (value: unknown): boolean => typeof value === 'string';
const isNumber = (value: unknown): boolean => typeof value === 'number';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';

/** An optional field: absent (`undefined`, as io-ts reads it) or passing `check`. */
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

const oneOf = (...values: string[]): ((value: unknown) => boolean) => {
  const accepted = new Set(values);
  return (value) => typeof value === 'string' && accepted.has(value);
};

const everyItem = (items: unknown, check: (item: unknown) => boolean): boolean => {
  if (!Array.isArray(items)) return false;
  // An index loop, not `every`: a hole reads as undefined and fails, as with io-ts `decode`.
  for (let i = 0; i < items.length; i++) if (!check(items[i])) return false;
  return true;
};

const isRole = oneOf('user', 'model', 'system', 'assistant', 'tool');
const isToolMode = oneOf('AUTO', 'ANY', 'NONE');
const isSessionSource = oneOf('startup', 'resume', 'clear', 'compress');
const isSessionEndReason = oneOf('exit', 'clear', 'logout', 'prompt_input_exit', 'other');
const isSubagentOutcome = oneOf('completed', 'aborted', 'failed');
const isStringList = (value: unknown): boolean => everyItem(value, isString);
const isRecordList = (value: unknown): boolean => everyItem(value, isRecord);

const isMessage = (message: unknown): boolean =>
  isRecord(message) &&
  isRole(message.role) &&
  isString(message.content) &&
  optional(message.name, isString) &&
  optional(message.ref, isString);

const isMessageList = (value: unknown): boolean => everyItem(value, isMessage);

const isToolConfig = (config: unknown): boolean =>
  isRecord(config) && optional(config.mode, isToolMode) && optional(config.allowedFunctionNames, isStringList);

const isLLMRequest = (request: unknown): boolean =>
  isRecord(request) &&
  optional(request.model, isString) &&
  optional(request.messages, isMessageList) &&
  optional(request.config, isRecord) &&
  optional(request.toolConfig, isToolConfig);

const isLLMResponse = (response: unknown): boolean =>
  isRecord(response) &&
  optional(response.text, isString) &&
  optional(response.candidates, isRecordList) &&
  optional(response.usageMetadata, isRecord);

const isTask = (f: Fields): boolean =>
  isString(f.task_id) &&
  isString(f.task_subject) &&
  optional(f.task_description, isString) &&
  optional(f.teammate_name, isString) &&
  optional(f.team_name, isString);

// `cache_ttl` and `pricing` are free-form (any value passes), as in the codec.
const isModelSwitch = (f: Fields): boolean =>
  isString(f.to_model) &&
  optional(f.from_model, isString) &&
  optional(f.requested_model, isString) &&
  optional(f.source, isString) &&
  optional(f.context_tokens, isNumber) &&
  optional(f.prompt_cache_warm, isBoolean) &&
  optional(f.estimated_cache_write_usd, isNumber);

/** Per event, whether its fields (already known to be an object) are valid. */
const EVENT_FIELD_GUARDS: { readonly [E in EventName]: (fields: Fields) => boolean } = {
  BeforeTool: (f) => isString(f.tool_name) && isRecord(f.tool_input) && optional(f.tool_call_id, isString),
  AfterTool: (f) =>
    // `tool_response` is any JSON value: agents send objects, arrays, text or `null` (and the field must be there).
    isString(f.tool_name) &&
    isRecord(f.tool_input) &&
    f.tool_response !== undefined &&
    optional(f.tool_call_id, isString),
  BeforeAgent: (f) => isString(f.prompt),
  AfterAgent: (f) => isString(f.prompt) && isString(f.prompt_response) && isBoolean(f.stop_hook_active),
  BeforeModel: (f) => isLLMRequest(f.llm_request),
  AfterModel: (f) => isLLMRequest(f.llm_request) && isLLMResponse(f.llm_response),
  BeforeToolSelection: (f) => isLLMRequest(f.llm_request),
  SessionStart: (f) => isSessionSource(f.source),
  SessionEnd: (f) => isSessionEndReason(f.reason),
  PreCompress: (f) =>
    isString(f.trigger) &&
    optional(f.message_count, isNumber) &&
    optional(f.token_estimate, isNumber) &&
    optional(f.custom_instructions, isString),
  PostCompress: (f) => isString(f.trigger) && optional(f.message_count, isNumber) && optional(f.summary, isString),
  Notification: (f) => isString(f.notification_type) && isString(f.message) && optional(f.details, isRecord),
  SubagentStart: (f) =>
    isString(f.agent_name) && optional(f.agent_description, isString) && optional(f.prompt, isString),
  SubagentStop: (f) =>
    isString(f.agent_name) &&
    isSubagentOutcome(f.outcome) &&
    optional(f.duration_ms, isNumber) &&
    optional(f.token_usage, isRecord),
  TurnComplete: (f) => isNumber(f.turn) && optional(f.token_usage, isRecord),
  PermissionRequest: (f) =>
    isString(f.tool_name) && isRecord(f.tool_input) && optional(f.permission_suggestions, isRecordList),
  PermissionDenied: (f) =>
    isString(f.tool_name) && isRecord(f.tool_input) && isString(f.reason) && optional(f.tool_call_id, isString),
  PostToolUseFailure: (f) =>
    isString(f.tool_name) &&
    isRecord(f.tool_input) &&
    isString(f.error) &&
    optional(f.tool_call_id, isString) &&
    optional(f.is_interrupt, isBoolean) &&
    optional(f.duration_ms, isNumber),
  PostToolBatch: (f) => isRecordList(f.tool_calls),
  UserPromptExpansion: (f) =>
    isString(f.expansion_type) &&
    isString(f.command_name) &&
    isString(f.prompt) &&
    optional(f.command_args, isString) &&
    optional(f.command_source, isString),
  StopFailure: (f) =>
    isString(f.error) && optional(f.error_details, isString) && optional(f.last_assistant_message, isString),
  Setup: (f) => isString(f.trigger),
  ConfigChange: (f) => isString(f.source) && optional(f.file_path, isString),
  InstructionsLoaded: (f) =>
    isString(f.file_path) &&
    isString(f.memory_type) &&
    isString(f.load_reason) &&
    optional(f.globs, isStringList) &&
    optional(f.trigger_file_path, isString) &&
    optional(f.parent_file_path, isString),
  CwdChanged: (f) => isString(f.old_cwd) && isString(f.new_cwd),
  FileChanged: (f) => isString(f.file_path) && isString(f.event),
  WorktreeCreate: (f) => isString(f.name),
  WorktreeRemove: (f) => isString(f.worktree_path),
  TaskCreated: (f) => isTask(f),
  TaskCompleted: (f) => isTask(f),
  TeammateIdle: (f) => isString(f.teammate_name) && optional(f.team_name, isString),
  Elicitation: (f) =>
    isString(f.mcp_server_name) &&
    isString(f.message) &&
    optional(f.mode, isString) &&
    optional(f.url, isString) &&
    optional(f.elicitation_id, isString) &&
    optional(f.requested_schema, isRecord),
  ElicitationResult: (f) =>
    isString(f.mcp_server_name) &&
    isString(f.action) &&
    optional(f.mode, isString) &&
    optional(f.elicitation_id, isString) &&
    optional(f.content, isRecord),
  PreModelSwitch: (f) => isModelSwitch(f),
  PostModelSwitch: (f) => isModelSwitch(f),
  MessageDisplay: (f) =>
    isString(f.turn_id) && isString(f.message_id) && isNumber(f.index) && isBoolean(f.final) && isString(f.delta),
};

/** Whether `fields` are valid input for `event`: the fast path of `checkEventFields`. */
export const eventFieldsPass = (event: EventName, fields: unknown): boolean =>
  isRecord(fields) && EVENT_FIELD_GUARDS[event](fields);

/** `eventFieldsPass` for one event, its guard looked up once (for callers that check many events of one kind). */
export const eventFieldsGuard = (event: EventName): ((fields: unknown) => boolean) => {
  const guard = EVENT_FIELD_GUARDS[event];
  return (fields) => isRecord(fields) && guard(fields);
};

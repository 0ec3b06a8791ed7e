/**
 * Claude Code events with no seed event to map onto, proposed as canonical events under their own names
 * (issue #12 "The full event surface"). Per event, as data for lib/events to turn into names and codecs: the
 * fields its input carries beyond the base fields, the match target, the outputs that apply, and whether it
 * can block. Field specs read `name: type`, a `?` marking an optional field. Fields the seed events already
 * name keep the seed's name (`tool_call_id`, which Claude Code sends as `tool_use_id`).
 */

export const PROPOSED_EVENT_NAMES = [
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUseFailure',
  'PostToolBatch',
  'UserPromptExpansion',
  'StopFailure',
  'Setup',
  'ConfigChange',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'TaskCreated',
  'TaskCompleted',
  'TeammateIdle',
  'Elicitation',
  'ElicitationResult',
  'PreModelSwitch',
  'PostModelSwitch',
  'MessageDisplay',
] as const;

export type ProposedEventName = (typeof PROPOSED_EVENT_NAMES)[number];

export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'string|null' | 'unknown';

/** Field name (with `?` when optional) → type. */
export type FieldSpec = Readonly<Record<string, FieldType>>;

export interface ProposedEvent {
  readonly fields: FieldSpec;
  /** Input field a matcher tests; absent: no matcher support. */
  readonly matchTarget?: string;
  /** Output fields that apply: top-level names, `hookSpecificOutput.x` for nested ones. */
  readonly outputs: readonly string[];
  /** Whether a hook can stop what the event announces (a decision, or exit code 2). */
  readonly blocks: boolean;
}

const TOOL_CALL: FieldSpec = { tool_name: 'string', tool_input: 'object' };
const TASK: FieldSpec = {
  task_id: 'string',
  task_subject: 'string',
  'task_description?': 'string',
  'teammate_name?': 'string',
  'team_name?': 'string',
};
const MODEL_SWITCH: FieldSpec = {
  to_model: 'string',
  'from_model?': 'string',
  'requested_model?': 'string',
  'source?': 'string',
  'context_tokens?': 'number',
  'prompt_cache_warm?': 'boolean',
  'cache_ttl?': 'unknown',
  'estimated_cache_write_usd?': 'number',
  'pricing?': 'unknown',
};
const CONTEXT = 'hookSpecificOutput.additionalContext';

export const PROPOSED_EVENTS: Readonly<Record<ProposedEventName, ProposedEvent>> = {
  PermissionRequest: {
    fields: { ...TOOL_CALL, 'permission_suggestions?': 'array' },
    matchTarget: 'tool_name',
    outputs: [
      'hookSpecificOutput.decision.behavior',
      'hookSpecificOutput.decision.updatedInput',
      'hookSpecificOutput.decision.updatedPermissions',
      'hookSpecificOutput.decision.message',
      'hookSpecificOutput.decision.interrupt',
    ],
    blocks: true,
  },
  PermissionDenied: {
    fields: { ...TOOL_CALL, 'tool_call_id?': 'string', reason: 'string' },
    matchTarget: 'tool_name',
    outputs: ['hookSpecificOutput.retry'],
    blocks: false,
  },
  PostToolUseFailure: {
    fields: {
      ...TOOL_CALL,
      'tool_call_id?': 'string',
      error: 'string',
      'is_interrupt?': 'boolean',
      'duration_ms?': 'number',
    },
    matchTarget: 'tool_name',
    outputs: ['decision', 'reason', CONTEXT],
    blocks: false,
  },
  PostToolBatch: {
    fields: { tool_calls: 'array' },
    outputs: ['decision', 'reason', 'continue', CONTEXT],
    blocks: true,
  },
  UserPromptExpansion: {
    fields: {
      expansion_type: 'string',
      command_name: 'string',
      'command_args?': 'string',
      'command_source?': 'string',
      prompt: 'string',
    },
    matchTarget: 'command_name',
    outputs: ['decision', 'reason', CONTEXT],
    blocks: true,
  },
  StopFailure: {
    fields: { error: 'string', 'error_details?': 'string', 'last_assistant_message?': 'string' },
    matchTarget: 'error',
    outputs: [],
    blocks: false,
  },
  Setup: { fields: { trigger: 'string' }, matchTarget: 'trigger', outputs: [CONTEXT], blocks: false },
  ConfigChange: {
    fields: { source: 'string', 'file_path?': 'string' },
    matchTarget: 'source',
    outputs: ['decision', 'reason'],
    blocks: true,
  },
  InstructionsLoaded: {
    fields: {
      file_path: 'string',
      memory_type: 'string',
      load_reason: 'string',
      'globs?': 'array',
      'trigger_file_path?': 'string',
      'parent_file_path?': 'string',
    },
    matchTarget: 'load_reason',
    outputs: [],
    blocks: false,
  },
  CwdChanged: {
    fields: { old_cwd: 'string', new_cwd: 'string' },
    outputs: ['systemMessage', 'hookSpecificOutput.watchPaths'],
    blocks: false,
  },
  FileChanged: {
    fields: { file_path: 'string', event: 'string' },
    matchTarget: 'file_path',
    outputs: ['systemMessage', 'hookSpecificOutput.watchPaths'],
    blocks: false,
  },
  WorktreeCreate: { fields: { name: 'string' }, outputs: ['hookSpecificOutput.worktreePath'], blocks: true },
  WorktreeRemove: { fields: { worktree_path: 'string' }, outputs: [], blocks: false },
  TaskCreated: { fields: TASK, outputs: ['decision', 'reason', 'continue', 'stopReason'], blocks: true },
  TaskCompleted: { fields: TASK, outputs: ['decision', 'reason', 'continue', 'stopReason'], blocks: true },
  TeammateIdle: {
    fields: { teammate_name: 'string', 'team_name?': 'string' },
    outputs: ['continue', 'stopReason'],
    blocks: true,
  },
  Elicitation: {
    fields: {
      mcp_server_name: 'string',
      message: 'string',
      'mode?': 'string',
      'url?': 'string',
      'elicitation_id?': 'string',
      'requested_schema?': 'object',
    },
    matchTarget: 'mcp_server_name',
    outputs: ['hookSpecificOutput.action', 'hookSpecificOutput.content'],
    blocks: true,
  },
  ElicitationResult: {
    fields: {
      mcp_server_name: 'string',
      action: 'string',
      'mode?': 'string',
      'elicitation_id?': 'string',
      'content?': 'object',
    },
    matchTarget: 'mcp_server_name',
    outputs: ['hookSpecificOutput.action', 'hookSpecificOutput.content'],
    blocks: true,
  },
  PreModelSwitch: {
    fields: MODEL_SWITCH,
    matchTarget: 'to_model',
    outputs: [
      'decision',
      'reason',
      'hookSpecificOutput.permissionDecision',
      'hookSpecificOutput.permissionDecisionReason',
    ],
    blocks: true,
  },
  PostModelSwitch: { fields: MODEL_SWITCH, matchTarget: 'to_model', outputs: [CONTEXT], blocks: false },
  MessageDisplay: {
    fields: { turn_id: 'string', message_id: 'string', index: 'number', final: 'boolean', delta: 'string' },
    outputs: ['hookSpecificOutput.displayContent'],
    blocks: false,
  },
};

const typeOf = (value: unknown): FieldType =>
  Array.isArray(value) ? 'array' : value === null ? 'string|null' : (typeof value as FieldType);

const fits = (type: FieldType, value: unknown): boolean =>
  type === 'unknown' ||
  (type === 'string|null' ? value === null || typeof value === 'string' : typeOf(value) === type && value !== null);

/**
 * The fields of `input` that do not fit `spec`, one line each (`field "x": expected number, received
 * string`): the checks lib/events' codecs will make, for specs of the tables here.
 */
export const checkFields = (spec: FieldSpec, input: Readonly<Record<string, unknown>>): string[] => {
  const problems: string[] = [];
  for (const [key, type] of Object.entries(spec)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    const value = input[name];
    if (value === undefined) {
      if (!optional) problems.push(`field "${name}": missing, expected ${type}`);
    } else if (!fits(type, value)) {
      problems.push(`field "${name}": expected ${type}, received ${typeOf(value)}`);
    }
  }
  return problems;
};

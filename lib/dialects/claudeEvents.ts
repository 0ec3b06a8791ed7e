/**
 * Claude Code's hook events, per its hooks reference: the canonical event each maps onto, what the matcher
 * tests, how the stdin differs from the canonical input, which outputs it reads, and what exit code 2 and
 * plain stdout mean. Events with no seed counterpart are canonical under their own names (lib/events/names.ts
 * `CLAUDE_EVENT_NAMES`).
 */
import { CONTEXT, eventMaker, TOOL_USE_ID_RENAME } from './tableParts.js';
import type { DialectEvent, InputShape } from './types.js';

const TOOL_CALL_ID: InputShape = { renames: TOOL_USE_ID_RENAME };
/** Claude's default command-hook timeout; UserPromptSubmit, MessageDisplay and the model switches have shorter ones. */
export const CLAUDE_DEFAULT_TIMEOUT_MS = 600_000;

/** An event with Claude's usual traits: an exact-name matcher when it has a target, stdout ignored. */
const event = eventMaker({ matcher: 'claude', outputs: [], exit2: 'block', plainStdout: 'ignored' });

export const CLAUDE_EVENTS: readonly DialectEvent[] = [
  event('PreToolUse', 'BeforeTool', {
    matchTarget: 'tool_name',
    input: TOOL_CALL_ID,
    outputs: [
      'hookSpecificOutput.permissionDecision',
      'hookSpecificOutput.permissionDecisionReason',
      'hookSpecificOutput.updatedInput',
      CONTEXT,
      'decision',
      'reason',
    ],
    ifCondition: true,
  }),
  event('PermissionRequest', 'PermissionRequest', {
    matchTarget: 'tool_name',
    outputs: ['hookSpecificOutput.decision'],
    ifCondition: true,
  }),
  event('PermissionDenied', 'PermissionDenied', {
    matchTarget: 'tool_name',
    input: TOOL_CALL_ID,
    outputs: ['hookSpecificOutput.retry'],
    exit2: 'ignored',
    ifCondition: true,
  }),
  // The tool already ran: exit 2 and `decision: "block"` bring the reason to the model beside the result.
  event('PostToolUse', 'AfterTool', {
    matchTarget: 'tool_name',
    input: TOOL_CALL_ID,
    outputs: [
      'decision',
      'reason',
      CONTEXT,
      'hookSpecificOutput.updatedToolOutput',
      'hookSpecificOutput.updatedMCPToolOutput',
    ],
    ifCondition: true,
  }),
  event('PostToolUseFailure', 'PostToolUseFailure', {
    matchTarget: 'tool_name',
    input: TOOL_CALL_ID,
    outputs: ['decision', 'reason', CONTEXT],
    ifCondition: true,
  }),
  event('PostToolBatch', 'PostToolBatch', { outputs: ['decision', 'reason', CONTEXT] }),
  event('UserPromptSubmit', 'BeforeAgent', {
    outputs: [
      'decision',
      'reason',
      CONTEXT,
      'hookSpecificOutput.sessionTitle',
      'hookSpecificOutput.suppressOriginalPrompt',
    ],
    plainStdout: 'context',
    defaultTimeoutMs: 30_000,
  }),
  event('UserPromptExpansion', 'UserPromptExpansion', {
    matchTarget: 'command_name',
    outputs: ['decision', 'reason', CONTEXT],
    plainStdout: 'context',
  }),
  event('Stop', 'AfterAgent', {
    input: {
      renames: { prompt_response: 'last_assistant_message' },
      nativeFills: { stop_hook_active: { value: false } },
      canonicalFills: { prompt: { value: '' }, prompt_response: { value: '' }, stop_hook_active: { value: false } },
    },
    outputs: ['decision', 'reason', CONTEXT],
  }),
  event('StopFailure', 'StopFailure', {
    matchTarget: 'error',
    matcher: 'claude-narrow',
    exit2: 'ignored',
    discards: ['*'],
  }),
  event('SubagentStart', 'SubagentStart', {
    matchTarget: 'agent_name',
    input: {
      renames: { agent_name: 'agent_type' },
      nativeFills: { agent_id: { from: 'agent_type' } },
    },
    outputs: [CONTEXT],
    exit2: 'warning',
  }),
  event('SubagentStop', 'SubagentStop', {
    matchTarget: 'agent_name',
    input: {
      renames: { agent_name: 'agent_type' },
      nativeFills: {
        agent_id: { from: 'agent_type' },
        stop_hook_active: { value: false },
        agent_transcript_path: { from: 'transcript_path' },
      },
      canonicalFills: { outcome: { value: 'completed' } },
    },
    outputs: ['decision', 'reason', CONTEXT],
  }),
  event('TaskCreated', 'TaskCreated', { outputs: ['decision', 'reason', 'continue', 'stopReason'] }),
  event('TaskCompleted', 'TaskCompleted', { outputs: ['decision', 'reason', 'continue', 'stopReason'] }),
  event('TeammateIdle', 'TeammateIdle', { outputs: ['continue', 'stopReason'] }),
  event('InstructionsLoaded', 'InstructionsLoaded', { matchTarget: 'load_reason', exit2: 'ignored', discards: ['*'] }),
  event('ConfigChange', 'ConfigChange', {
    matchTarget: 'source',
    outputs: ['decision', 'reason'],
    discards: ['systemMessage', 'continue'],
  }),
  event('CwdChanged', 'CwdChanged', {
    outputs: ['systemMessage', 'hookSpecificOutput.watchPaths'],
    exit2: 'warning',
    discards: ['continue'],
    envFile: true,
  }),
  event('FileChanged', 'FileChanged', {
    matchTarget: 'file_path',
    matchBasename: true,
    matcher: 'filenames',
    outputs: ['systemMessage', 'hookSpecificOutput.watchPaths'],
    exit2: 'warning',
    envFile: true,
  }),
  // The hook replaces `git worktree`: it prints the new directory, and any failure fails the creation.
  event('WorktreeCreate', 'WorktreeCreate', {
    outputs: ['hookSpecificOutput.worktreePath'],
    plainStdout: 'worktreePath',
    nonZeroBlocks: true,
    discards: ['systemMessage', 'continue'],
  }),
  event('WorktreeRemove', 'WorktreeRemove', { exit2: 'ignored', discards: ['*'] }),
  event('PreCompact', 'PreCompress', {
    matchTarget: 'trigger',
    matchValues: ['manual', 'auto'],
    input: { nativeFills: { custom_instructions: { value: '' } }, nullMeansAbsent: ['custom_instructions'] },
    outputs: ['decision', 'reason'],
    discards: ['systemMessage', 'continue'],
  }),
  event('PostCompact', 'PostCompress', {
    matchTarget: 'trigger',
    matchValues: ['manual', 'auto'],
    input: { renames: { summary: 'compact_summary' } },
    exit2: 'warning',
    discards: ['systemMessage', 'continue'],
  }),
  event('SessionStart', 'SessionStart', {
    matchTarget: 'source',
    matchValues: ['startup', 'resume', 'clear', 'compact'],
    input: {
      toNativeValues: { source: { compress: 'compact' } },
      toCanonicalValues: { source: { compact: 'compress', fork: 'resume' } },
    },
    outputs: [
      CONTEXT,
      'hookSpecificOutput.initialUserMessage',
      'hookSpecificOutput.sessionTitle',
      'hookSpecificOutput.watchPaths',
      'hookSpecificOutput.reloadSkills',
    ],
    exit2: 'warning',
    plainStdout: 'context',
    envFile: true,
  }),
  event('Setup', 'Setup', { matchTarget: 'trigger', outputs: [CONTEXT], exit2: 'warning', envFile: true }),
  event('SessionEnd', 'SessionEnd', {
    matchTarget: 'reason',
    matchValues: ['clear', 'resume', 'logout', 'prompt_input_exit', 'bypass_permissions_disabled', 'other'],
    input: { toCanonicalValues: { reason: { resume: 'other', bypass_permissions_disabled: 'other' } } },
    exit2: 'warning',
    discards: ['*'],
    // Claude gives all SessionEnd hooks 1.5 s unless one sets a longer timeout.
    defaultTimeoutMs: 1_500,
  }),
  event('Notification', 'Notification', {
    matchTarget: 'notification_type',
    // Older payloads carry no type; the canonical input needs one.
    input: { canonicalFills: { notification_type: { value: 'unknown' } } },
    outputs: ['systemMessage'],
    exit2: 'warning',
    discards: ['continue'],
  }),
  event('Elicitation', 'Elicitation', {
    matchTarget: 'mcp_server_name',
    outputs: ['hookSpecificOutput.action', 'hookSpecificOutput.content'],
    discards: ['systemMessage', 'continue'],
  }),
  event('ElicitationResult', 'ElicitationResult', {
    matchTarget: 'mcp_server_name',
    outputs: ['hookSpecificOutput.action', 'hookSpecificOutput.content'],
  }),
  event('PreModelSwitch', 'PreModelSwitch', {
    matchTarget: 'to_model',
    outputs: [
      'decision',
      'reason',
      'hookSpecificOutput.permissionDecision',
      'hookSpecificOutput.permissionDecisionReason',
    ],
    timeoutBlocks: true,
    defaultTimeoutMs: 30_000,
  }),
  event('PostModelSwitch', 'PostModelSwitch', {
    matchTarget: 'to_model',
    outputs: [CONTEXT],
    exit2: 'warning',
    plainStdout: 'context',
  }),
  event('MessageDisplay', 'MessageDisplay', {
    outputs: ['hookSpecificOutput.displayContent'],
    exit2: 'ignored',
    defaultTimeoutMs: 10_000,
  }),
];

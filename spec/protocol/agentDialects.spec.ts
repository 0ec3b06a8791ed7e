/**
 * Cursor's, Copilot's and Codex's stdin and answers (issue 14): each hook gets its agent's payload (Cursor's
 * `conversation_id`, `workspace_roots` and top-level `command`; Copilot's camelCase fields, `toolArgs` as JSON
 * text, milliseconds), an agent's own payload reads back into the canonical input, and each agent's answer fields
 * mean what its documentation says — pure functions, no process.
 */
import { describe, expect, it } from 'vitest';
import { CODEX, COPILOT, CURSOR, type Dialect } from '../../lib/dialects/index.js';
import { toCanonicalInput, toDialectInput } from '../../lib/protocol/dialectInput.js';
import { answerOf as answer, eventOf } from '../helpers/dialectAnswers.js';

const base = {
  session_id: 's1',
  transcript_path: '/t.jsonl',
  cwd: '/repo',
  timestamp: '2026-01-02T03:04:05.000Z',
};
/** A canonical input (`fields` and the base fields) and what a hook of `dialect`'s `native` event gets on stdin. */
const sendAs = (dialect: Dialect, native: string, fields: Record<string, unknown>) => {
  const event = eventOf(dialect, native);
  const canonical = Object.assign(fields, base);
  return { event, canonical, sent: toDialectInput(canonical, event, dialect) };
};

describe('stdin as each agent sends it', () => {
  it('Cursor: beforeShellExecution lifts the command, adds conversation_id and workspace_roots, and reads back', () => {
    const { event, sent } = sendAs(CURSOR, 'beforeShellExecution', {
      hook_event_name: 'BeforeTool',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    expect(sent).toMatchObject({
      hook_event_name: 'beforeShellExecution',
      command: 'ls',
      cwd: '/repo',
      conversation_id: 's1',
      workspace_roots: ['/repo'],
    });
    const cursorPayload = {
      hook_event_name: 'beforeShellExecution',
      conversation_id: 'c-9',
      generation_id: 'g-1',
      workspace_roots: ['/repo'],
      command: 'rm -rf dist',
      cwd: '/repo',
    };
    expect(toCanonicalInput(cursorPayload, event)).toMatchObject({
      hook_event_name: 'BeforeTool',
      session_id: 'c-9',
      tool_name: 'Shell',
      tool_input: { command: 'rm -rf dist' },
    });
  });

  it('Cursor: beforeMCPExecution sends tool_input as JSON text, and reads it back as an object', () => {
    const { event, sent } = sendAs(CURSOR, 'beforeMCPExecution', {
      hook_event_name: 'BeforeTool',
      tool_name: 'mcp__db__query',
      tool_input: { sql: 'select 1' },
    });
    expect(sent['tool_input']).toBe('{"sql":"select 1"}');
    expect(toCanonicalInput(sent, event)['tool_input']).toEqual({ sql: 'select 1' });
  });

  it('Copilot: camelCase preToolUse sends sessionId, toolName, toolArgs as JSON text and milliseconds', () => {
    const { event, canonical, sent } = sendAs(COPILOT, 'preToolUse', {
      hook_event_name: 'BeforeTool',
      tool_name: 'bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(sent).toMatchObject({
      sessionId: 's1',
      transcriptPath: '/t.jsonl',
      toolName: 'bash',
      toolArgs: '{"command":"rm -rf /"}',
      timestamp: Date.parse(base.timestamp),
    });
    expect(sent).not.toHaveProperty('tool_input');
    expect(toCanonicalInput(sent, event)).toMatchObject(canonical);
  });

  it('Copilot: PascalCase PreToolUse keeps the snake_case payload, with tool_result for the tool response', () => {
    const { canonical, sent } = sendAs(COPILOT, 'PostToolUse', {
      hook_event_name: 'AfterTool',
      tool_name: 'bash',
      tool_input: {},
      tool_response: { ok: true },
    });
    expect(sent).toMatchObject({ hook_event_name: 'PostToolUse', session_id: 's1', tool_result: { ok: true } });
    expect(toDialectInput(canonical, eventOf(COPILOT, 'postToolUse'), COPILOT)).toMatchObject({
      toolResult: { ok: true },
    });
  });

  it("Codex: Claude Code's payload (tool_use_id, last_assistant_message)", () => {
    const { sent } = sendAs(CODEX, 'Stop', {
      hook_event_name: 'AfterAgent',
      prompt: 'p',
      prompt_response: 'done',
      stop_hook_active: false,
    });
    expect(sent).toMatchObject({ hook_event_name: 'Stop', last_assistant_message: 'done' });
  });
});

describe('answers as each agent reads them', () => {
  it('Cursor: permission deny with its messages blocks with the agent message as reason', () => {
    const verdict = answer(CURSOR, 'beforeShellExecution', {
      permission: 'deny',
      user_message: 'Blocked',
      agent_message: 'rm -rf is not allowed',
    });
    expect(verdict.outcome).toBe('blocked');
    expect(verdict.output).toMatchObject({
      decision: 'deny',
      reason: 'rm -rf is not allowed',
      systemMessage: 'Blocked',
    });
  });

  it('Cursor: a deny with only a user message still has a reason; ask asks; an unknown permission is a warning', () => {
    expect(answer(CURSOR, 'preToolUse', { permission: 'deny', userMessage: 'no' }).output).toMatchObject({
      decision: 'deny',
      reason: 'no',
    });
    expect(answer(CURSOR, 'preToolUse', { permission: 'ask' }).output?.decision).toBe('ask');
    const odd = answer(CURSOR, 'preToolUse', { permission: 'maybe' });
    expect(odd.output?.decision).toBeUndefined();
    expect(odd.outputWarnings).toEqual([
      'field "permission": expected "allow" or "deny" or "ask", received "maybe"; ignored',
    ]);
  });

  it('Cursor: updated_input replaces the tool input; followup_message keeps the agent going; continue:false refuses a prompt', () => {
    expect(
      answer(CURSOR, 'preToolUse', { permission: 'allow', updated_input: { command: 'ls -la' } }).output,
    ).toMatchObject({
      decision: 'allow',
      hookSpecificOutput: { tool_input: { command: 'ls -la' }, replaceToolInput: true },
    });
    expect(answer(CURSOR, 'stop', { followup_message: 'Now run the tests.' }).output).toMatchObject({
      decision: 'block',
      reason: 'Now run the tests.',
    });
    expect(answer(CURSOR, 'stop', { followup_message: '' }).output).toBeUndefined();
    const prompt = answer(CURSOR, 'beforeSubmitPrompt', { continue: false, user_message: 'No secrets in prompts' });
    expect(prompt.outcome).toBe('blocked');
    expect(prompt.output).toMatchObject({ decision: 'block', reason: 'No secrets in prompts' });
    expect(prompt.output?.continue).toBeUndefined();
    expect(answer(CURSOR, 'sessionStart', { additional_context: 'use pnpm' }).output).toEqual({
      hookSpecificOutput: { additionalContext: 'use pnpm' },
    });
  });

  it('Copilot: permissionDecision, modifiedArgs and modifiedResult; agentStop blocks although exit 2 only warns', () => {
    expect(
      answer(COPILOT, 'preToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'needs review' }).output,
    ).toMatchObject({ decision: 'deny', reason: 'needs review' });
    expect(answer(COPILOT, 'preToolUse', { modifiedArgs: { command: 'ls' } }).output).toMatchObject({
      hookSpecificOutput: { tool_input: { command: 'ls' }, replaceToolInput: true },
    });
    expect(
      answer(COPILOT, 'postToolUse', { modifiedResult: { resultType: 'success', textResultForLlm: 'redacted' } })
        .output,
    ).toMatchObject({ hookSpecificOutput: { tool_response: { resultType: 'success', textResultForLlm: 'redacted' } } });
    expect(answer(COPILOT, 'agentStop', { decision: 'block', reason: 'tests first' }).output).toMatchObject({
      decision: 'block',
      reason: 'tests first',
    });
    expect(answer(COPILOT, 'agentStop', '', { exitCode: 2, stderr: 'oops' }).outcome).toBe('warning');
  });

  it('Copilot: a failing preToolUse command denies, a timeout does not', () => {
    expect(answer(COPILOT, 'preToolUse', '', { exitCode: 1, stderr: 'crashed' }).outcome).toBe('blocked');
    expect(answer(COPILOT, 'preToolUse', '', { exitCode: 2, stderr: 'no' }).outcome).toBe('blocked');
    expect(answer(COPILOT, 'postToolUse', '', { exitCode: 1 }).outcome).not.toBe('blocked');
    expect(answer(COPILOT, 'preToolUse', '', { exitCode: undefined, timedOut: true }).outcome).toBe('timeout');
  });

  it("Codex: Claude Code's hookSpecificOutput and exit code 2 with the reason on stderr", () => {
    const deny = answer(CODEX, 'PreToolUse', {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
    });
    expect(deny.outcome).toBe('blocked');
    const replaced = answer(CODEX, 'PreToolUse', { hookSpecificOutput: { updatedInput: { command: 'ls' } } });
    expect(replaced.output?.hookSpecificOutput).toMatchObject({
      tool_input: { command: 'ls' },
      replaceToolInput: true,
    });
    expect(answer(CODEX, 'PreToolUse', 'ignored', { exitCode: 2, stderr: 'blocked by codex hook' }).output).toEqual({
      decision: 'block',
      reason: 'blocked by codex hook',
    });
  });
});

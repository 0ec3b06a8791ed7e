/**
 * x-code's plugin hooks as a dialect, pure functions, no process: the one-line payload each event's hook reads
 * (`event`, `session { cwd, modelId }`, `tool { name, args, callId, output, isError }`, `prompt`, `turn`,
 * `tokenUsage`, `trigger`, `agent { … }`, `durationMs`, `outcome`), the payload read back into the canonical
 * input, and what each answer means per event: deny / modify.args (replaces) / modify.output / context, a deny
 * on PostToolUse ignored, stdout of events that cannot decide ignored, exit code 2 a failure.
 */
import { describe, expect, it } from 'vitest';
import { timeoutToMs, XCODE, type DialectEvent } from '../../lib/dialects/index.js';
import type { ProcessOutcome } from '../../lib/protocol/commandProtocol.js';
import { toCanonicalInput, toDialectInput } from '../../lib/protocol/dialectInput.js';
import { answerOf, eventOf as dialectEventOf } from '../helpers/dialectAnswers.js';

const eventOf = (native: string): DialectEvent => dialectEventOf(XCODE, native);
const base = { session_id: 's1', transcript_path: '/t.jsonl', cwd: '/repo', timestamp: '2026-01-02T03:04:05.000Z' };
const sent = (native: string, fields: Record<string, unknown>) =>
  toDialectInput(Object.assign({}, base, fields), eventOf(native), XCODE);
const answer = (native: string, stdout: unknown, facts: Partial<ProcessOutcome> = {}) =>
  answerOf(XCODE, native, stdout, facts);

describe('x-code: the payload each event sends', () => {
  it('the ten events map onto canonical events', () => {
    expect(XCODE.events.map((event) => [event.native, event.canonical])).toEqual([
      ['SessionStart', 'SessionStart'],
      ['UserPromptSubmit', 'BeforeAgent'],
      ['PreToolUse', 'BeforeTool'],
      ['PostToolUse', 'AfterTool'],
      ['PreCompact', 'PreCompress'],
      ['PostCompact', 'PostCompress'],
      ['SubagentStart', 'SubagentStart'],
      ['SubagentStop', 'SubagentStop'],
      ['TurnComplete', 'TurnComplete'],
      ['SessionEnd', 'SessionEnd'],
    ]);
  });

  it('PreToolUse: event, session { cwd, modelId }, tool { name, args, callId }', () => {
    const payload = sent('PreToolUse', {
      hook_event_name: 'BeforeTool',
      tool_name: 'writeFile',
      tool_input: { path: 'src/foo.ts', content: '...' },
      tool_call_id: 'call_abc123',
      model: 'anthropic:claude-sonnet-4-6',
    });
    expect(payload).toMatchObject({
      event: 'PreToolUse',
      session: { cwd: '/repo', modelId: 'anthropic:claude-sonnet-4-6' },
      tool: { name: 'writeFile', args: { path: 'src/foo.ts', content: '...' }, callId: 'call_abc123' },
    });
    for (const flat of ['hook_event_name', 'cwd', 'tool_name', 'tool_input', 'tool_call_id', 'model'])
      expect(payload).not.toHaveProperty(flat);
  });

  it('PostToolUse adds tool.output and tool.isError (false when the host says nothing)', () => {
    const payload = sent('PostToolUse', {
      hook_event_name: 'AfterTool',
      tool_name: 'writeFile',
      tool_input: { path: 'a' },
      tool_response: 'wrote 42 bytes',
    });
    expect(payload).toMatchObject({ event: 'PostToolUse', tool: { output: 'wrote 42 bytes', isError: false } });
    expect(payload).toMatchObject({ session: { modelId: '' } });
  });

  it('UserPromptSubmit prompt, TurnComplete turn and tokenUsage, compaction trigger and counts', () => {
    expect(sent('UserPromptSubmit', { hook_event_name: 'BeforeAgent', prompt: 'Refactor X' })).toMatchObject({
      event: 'UserPromptSubmit',
      prompt: 'Refactor X',
    });
    const usage = { inputTokens: 4321, outputTokens: 567, totalTokens: 4888 };
    expect(sent('TurnComplete', { hook_event_name: 'TurnComplete', turn: 3, token_usage: usage })).toMatchObject({
      turn: 3,
      tokenUsage: usage,
    });
    expect(
      sent('PreCompact', {
        hook_event_name: 'PreCompress',
        trigger: 'proactive',
        message_count: 87,
        token_estimate: 184_000,
      }),
    ).toMatchObject({ event: 'PreCompact', trigger: 'proactive', messageCount: 87, tokenEstimate: 184_000 });
    expect(
      sent('PostCompact', { hook_event_name: 'PostCompress', trigger: 'reactive', message_count: 12, summary: '' }),
    ).toMatchObject({ event: 'PostCompact', trigger: 'reactive', messageCount: 12, summary: '' });
  });

  it('SubagentStart and SubagentStop: agent { name, description, prompt }, durationMs, outcome, tokenUsage', () => {
    expect(
      sent('SubagentStart', {
        hook_event_name: 'SubagentStart',
        agent_name: 'code-reviewer',
        agent_description: 'review the diff',
        prompt: '<full prompt>',
      }),
    ).toMatchObject({ agent: { name: 'code-reviewer', description: 'review the diff', prompt: '<full prompt>' } });
    const stop = sent('SubagentStop', {
      hook_event_name: 'SubagentStop',
      agent_name: 'code-reviewer',
      outcome: 'completed',
      duration_ms: 12_345,
      token_usage: { totalTokens: 9 },
    });
    expect(stop).toMatchObject({
      event: 'SubagentStop',
      agent: { name: 'code-reviewer' },
      durationMs: 12_345,
      outcome: 'completed',
      tokenUsage: { totalTokens: 9 },
    });
  });

  it('an x-code payload reads back into the canonical input (hookstream fire --dialect xcode)', () => {
    const canonical = toCanonicalInput(
      {
        event: 'PreToolUse',
        session: { cwd: '/abs/project', modelId: 'm-1' },
        plugin: { id: 'linear@anthropic-marketplace', dir: '/p' },
        tool: { name: 'edit', args: { path: 'a.ts' }, callId: 'c9' },
      },
      eventOf('PreToolUse'),
    );
    expect(canonical).toMatchObject({
      hook_event_name: 'BeforeTool',
      cwd: '/abs/project',
      model: 'm-1',
      tool_name: 'edit',
      tool_input: { path: 'a.ts' },
      tool_call_id: 'c9',
    });
    expect(canonical).not.toHaveProperty('tool');
    expect(canonical).not.toHaveProperty('session');
    expect(canonical).not.toHaveProperty('event');
  });
});

describe('x-code: what an answer means per event', () => {
  it('PreToolUse: deny blocks with its reason; modify.args replaces the input; context and output are ignored', () => {
    expect(answer('PreToolUse', { decision: 'deny', reason: 'Editing prod config is forbidden' })).toMatchObject({
      outcome: 'blocked',
      output: { decision: 'deny', reason: 'Editing prod config is forbidden' },
    });
    const modified = answer('PreToolUse', {
      decision: 'modify',
      args: { path: '/safer/path' },
      context: 'x',
      output: 'y',
    });
    expect(modified.outcome).toBe('success');
    expect(modified.output).toEqual({
      hookSpecificOutput: { tool_input: { path: '/safer/path' }, replaceToolInput: true },
    });
    expect(answer('PreToolUse', { decision: 'allow' })).toMatchObject({ outcome: 'success' });
  });

  it('UserPromptSubmit: deny blocks the prompt; context (allow or modify) is added to it', () => {
    expect(answer('UserPromptSubmit', { decision: 'deny', reason: 'off topic' })).toMatchObject({
      outcome: 'blocked',
      output: { decision: 'deny', reason: 'off topic' },
    });
    for (const decision of ['allow', 'modify'])
      expect(answer('UserPromptSubmit', { decision, context: 'Current sprint: Sprint 42' }).output).toEqual({
        decision: decision === 'allow' ? 'allow' : undefined,
        hookSpecificOutput: { additionalContext: 'Current sprint: Sprint 42' },
      });
  });

  it('PostToolUse: a deny is ignored (too late); modify.output replaces the result; context is kept', () => {
    const denied = answer('PostToolUse', { decision: 'deny', reason: 'too late' });
    expect(denied.outcome).toBe('success');
    expect(denied.output?.decision).toBeUndefined();
    expect(answer('PostToolUse', { decision: 'modify', output: '[redacted]', context: 'audited' }).output).toEqual({
      hookSpecificOutput: { tool_response: { llmContent: '[redacted]' }, additionalContext: 'audited' },
    });
  });

  it('events that cannot decide ignore stdout entirely', () => {
    for (const native of [
      'SessionStart',
      'PreCompact',
      'PostCompact',
      'SubagentStart',
      'SubagentStop',
      'TurnComplete',
      'SessionEnd',
    ]) {
      const verdict = answer(native, { decision: 'deny', reason: 'no', context: 'c', systemMessage: 'm' });
      expect(verdict.outcome, native).toBe('success');
      expect(verdict.output, native).toBeUndefined();
    }
  });

  it('unparseable stdout is allow; exit code 2 is a failure (a warning), never a block', () => {
    expect(answer('PreToolUse', 'not json')).toMatchObject({ outcome: 'success' });
    expect(answer('PreToolUse', 'not json').output).toBeUndefined();
    const two = answer('PreToolUse', { decision: 'deny' }, { exitCode: 2, stderr: 'boom' });
    expect(two.outcome).toBe('warning');
    expect(two.message).toContain('exited with code 2');
    expect(two.message).toContain('boom');
    expect(answer('PreToolUse', '', { exitCode: 1 }).outcome).toBe('warning');
  });

  it('timeouts are milliseconds, 5000 by default, cut to 30000', () => {
    expect(XCODE.defaultTimeoutMs).toBe(5_000);
    expect(timeoutToMs(XCODE, 1500)).toEqual({ ms: 1500 });
    expect(timeoutToMs(XCODE, 60_000)).toMatchObject({ ms: 30_000 });
    expect(timeoutToMs(XCODE, 60_000)).toHaveProperty('problem');
  });

  it('decision events run serially; SessionEnd is not waited for', () => {
    const serial = XCODE.events.filter((event) => event.serial === true).map((event) => event.native);
    expect(serial).toEqual(['UserPromptSubmit', 'PreToolUse', 'PostToolUse']);
    expect(XCODE.events.filter((event) => event.background === true).map((event) => event.native)).toEqual([
      'SessionEnd',
    ]);
  });
});

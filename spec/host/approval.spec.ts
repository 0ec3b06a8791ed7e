/**
 * Durable approval (lib/host/approval.ts, issue 14): a BeforeTool `defer` or `ask` pauses a tool call as plain
 * JSON; the JSON survives a restart — a new hook system in place of the old one — and `resumeToolWithHooks`
 * carries the call on with a person's answer: allow runs the tool with the approved input and fires AfterTool,
 * deny refuses it with the reason. Claude Code hooks from `.claude/settings.json` (real scripts) and function hooks.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HookOutput } from '../../lib/events/outputs.js';
import { InvalidApprovalError, isPausedToolCall, readApproval, type ToolApproval } from '../../lib/host/approval.js';
import { resumeToolWithHooks } from '../../lib/host/resumeTool.js';
import { executeToolWithHooks, withToolHooks } from '../../lib/host/toolHooks.js';
import type { ToolCallOutcome } from '../../lib/host/toolTypes.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import { firstValueFrom, from, toArray } from 'rxjs';
import { useAgentProject } from '../helpers/agentProject.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/host/', import.meta.url));
const world = useAgentProject('hookstream-approval-');
world.write('.claude/settings.json', {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${FIXTURES}defer-deploy.sh` }] }],
    PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${FIXTURES}audit-note.sh` }] }],
  },
});

/** The host's hook system for the project, as a fresh process would create it. */
const claudeSystem = (sessionId?: string): HookSystem => world.system(sessionId === undefined ? {} : { sessionId });

/** A hook system with BeforeTool function hooks answering `outputs` in order. */
const functionSystem = (...outputs: HookOutput[]): HookSystem => {
  const system = world.track(createHookSystem());
  outputs.forEach((output, index) => {
    system.register('BeforeTool', { type: 'function', name: `policy-${index}`, run: () => output });
  });
  return system;
};

/** A shell tool that records what it ran. */
const shell = () => {
  const ran: Record<string, unknown>[] = [];
  const execute = (input: Record<string, unknown>) => {
    ran.push(input);
    return { llmContent: `ran ${String(input.command)}` };
  };
  return { ran, execute };
};

const defer = (reason: string, toolInput?: Record<string, unknown>): HookOutput => ({
  hookSpecificOutput: {
    permissionDecision: 'defer',
    permissionDecisionReason: reason,
    ...(toolInput && { tool_input: toolInput }),
  },
});

describe('a deferred tool call, paused and resumed across a restart', () => {
  it('pauses on defer without running the tool, as JSON that a new hook system resumes: allow runs it, AfterTool fires', async () => {
    const first = claudeSystem('session-1');
    const tool = shell();
    const paused = await executeToolWithHooks(first, 'Bash', { command: './deploy.sh prod' }, tool.execute, {
      approval: 'pause',
      toolCallId: 'call-7',
    });
    expect(tool.ran).toEqual([]);
    if (!isPausedToolCall(paused)) throw new Error('expected a paused call');
    expect(paused.hookResults.before.decision).toBe('defer');
    expect(paused.approval).toMatchObject({
      kind: 'tool-approval',
      sessionId: 'session-1',
      toolName: 'Bash',
      toolInput: { command: './deploy.sh prod' },
      toolCallId: 'call-7',
      decision: 'defer',
      reason: 'deploys wait for a person',
      hook: `sh ${FIXTURES}defer-deploy.sh`,
    });
    expect(new Date(paused.approval.createdAt).toISOString()).toBe(paused.approval.createdAt);
    const stored = JSON.stringify(paused.approval);
    await first.dispose();

    // A new process: a new hook system (its own session id) and the stored JSON.
    const second = claudeSystem();
    const sessions: unknown[] = [];
    second.register('AfterTool', {
      type: 'function',
      name: 'session-check',
      run: (input) => void sessions.push([input.session_id, input.tool_call_id]),
    });
    const outcome = await resumeToolWithHooks(
      second,
      JSON.parse(stored) as ToolApproval,
      { decision: 'allow', reason: 'release approved' },
      tool.execute,
    );
    // The deferring hook did not fire again (it would defer again): the person's answer is BeforeTool's decision.
    expect(tool.ran).toEqual([{ command: './deploy.sh prod' }]);
    expect(outcome.llmContent).toBe('ran ./deploy.sh prod\n\naudited');
    expect(outcome.hookResults.before.hooks.map((run) => run.name)).toEqual(['approval']);
    expect(outcome.hookResults.before.reason).toBe('release approved');
    expect(sessions).toEqual([['session-1', 'call-7']]);
  });

  it('denies with the reason: the tool never runs, the model reads why, AfterTool does not fire', async () => {
    const tool = shell();
    const paused = await executeToolWithHooks(claudeSystem(), 'Bash', { command: './deploy.sh prod' }, tool.execute, {
      approval: 'pause',
    });
    if (!isPausedToolCall(paused)) throw new Error('expected a paused call');
    const outcome = await resumeToolWithHooks(
      claudeSystem(),
      JSON.parse(JSON.stringify(paused.approval)) as ToolApproval,
      { decision: 'deny', reason: 'not on a Friday' },
      tool.execute,
    );
    expect(tool.ran).toEqual([]);
    expect(outcome.blocked).toEqual({ reason: 'not on a Friday' });
    expect(outcome.llmContent).toBe('Tool "Bash" was blocked by a hook: not on a Friday');
    expect(outcome.hookResults.after).toBeUndefined();
  });

  it('runs a call the hooks do not pause at once, approval option or not', async () => {
    const tool = shell();
    const outcome = await executeToolWithHooks(claudeSystem(), 'Bash', { command: 'ls' }, tool.execute, {
      approval: 'pause',
    });
    expect(isPausedToolCall(outcome)).toBe(false);
    expect((outcome as ToolCallOutcome).llmContent).toBe('ran ls\n\naudited');
  });
});

describe('what pauses, and with which input', () => {
  it('stores the input as BeforeTool rewrote it, and allow may correct it again', async () => {
    const tool = shell();
    const hooks = functionSystem(defer('check the target', { command: './deploy.sh staging', dryRun: true }));
    const paused = await executeToolWithHooks(hooks, 'Bash', { command: './deploy.sh prod' }, tool.execute, {
      approval: 'pause',
    });
    if (!isPausedToolCall(paused)) throw new Error('expected a paused call');
    expect(paused.approval.toolInput).toEqual({ command: './deploy.sh staging', dryRun: true });
    expect(paused.approval.hook).toBe('policy-0');
    await resumeToolWithHooks(hooks, paused.approval, { decision: 'allow' }, tool.execute);
    await resumeToolWithHooks(
      hooks,
      paused.approval,
      { decision: 'allow', toolInput: { command: './deploy.sh qa' } },
      tool.execute,
    );
    expect(tool.ran).toEqual([{ command: './deploy.sh staging', dryRun: true }, { command: './deploy.sh qa' }]);
  });

  it('answers an ask now through a handler, and the call goes on with the answer', async () => {
    const tool = shell();
    const hooks = functionSystem({ decision: 'ask', reason: 'rm is destructive' });
    const asked: ToolApproval[] = [];
    const allowed = await executeToolWithHooks(hooks, 'Bash', { command: 'rm a.txt' }, tool.execute, {
      approval: (approval) => {
        asked.push(approval);
        return { decision: 'allow', toolInput: { command: 'rm -i a.txt' } };
      },
    });
    const denied = await executeToolWithHooks(hooks, 'Bash', { command: 'rm b.txt' }, tool.execute, {
      approval: async () => ({ decision: 'deny', reason: 'keep b' }),
    });
    expect(asked.map((approval) => [approval.decision, approval.reason])).toEqual([['ask', 'rm is destructive']]);
    expect(tool.ran).toEqual([{ command: 'rm -i a.txt' }]);
    expect(allowed.toolInput).toEqual({ command: 'rm -i a.txt' });
    expect(denied.blocked).toEqual({ reason: 'keep b' });
  });

  it('lets a block outrank a defer, and a defer an ask; without the option an ask runs the tool as before', async () => {
    const tool = shell();
    const blocked = await executeToolWithHooks(
      functionSystem(defer('wait'), { decision: 'deny', reason: 'never' }),
      'Bash',
      { command: 'x' },
      tool.execute,
      { approval: 'pause' },
    );
    expect(isPausedToolCall(blocked)).toBe(false);
    expect((blocked as ToolCallOutcome).blocked).toEqual({ reason: 'never' });
    const both = functionSystem({ decision: 'ask', reason: 'sure?' }, defer('wait for ops'));
    const paused = await executeToolWithHooks(both, 'Bash', { command: 'x' }, tool.execute, { approval: 'pause' });
    if (!isPausedToolCall(paused)) throw new Error('expected a paused call');
    expect(paused.approval).toMatchObject({ decision: 'defer', hook: 'policy-1', reason: 'sure?\nwait for ops' });
    const unhandled = await executeToolWithHooks(both, 'Bash', { command: 'y' }, tool.execute);
    expect(unhandled.hookResults.before.decision).toBe('defer');
    expect(tool.ran).toEqual([{ command: 'y' }]);
  });

  it('emits paused calls from the operator in call order, running the others', async () => {
    const tool = shell();
    const hooks = world.track(createHookSystem());
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'hold-deploys',
      run: (input) => (String(input.tool_input.command).startsWith('deploy') ? defer('held') : undefined),
    });
    const calls = [
      { toolName: 'Bash', toolInput: { command: 'deploy prod' } },
      { toolName: 'Bash', toolInput: { command: 'ls' } },
    ];
    const outcomes = await firstValueFrom(
      from(calls).pipe(withToolHooks(hooks, tool.execute, { approval: 'pause' }), toArray()),
    );
    expect(outcomes.map((outcome) => (isPausedToolCall(outcome) ? 'paused' : outcome.llmContent))).toEqual([
      'paused',
      'ran ls',
    ]);
  });
});

describe('stored approvals that are not what hookstream wrote', () => {
  const valid: ToolApproval = {
    kind: 'tool-approval',
    id: 'a-1',
    sessionId: 's',
    toolName: 'Bash',
    toolInput: { command: 'ls' },
    decision: 'defer',
    reason: 'r',
    hook: 'h',
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('are refused with the field, what was expected and what was found', async () => {
    expect(readApproval(valid)).toBe(valid);
    const cases: Array<[unknown, string]> = [
      ['{}', 'approval: expected an object, received "{}"'],
      [{ ...valid, kind: 'approval' }, 'approval.kind: expected "tool-approval", received "approval"'],
      [{ ...valid, toolInput: 'ls' }, 'approval.toolInput: expected an object, received "ls"'],
      [{ ...valid, decision: 'allow' }, 'approval.decision: expected "ask" or "defer", received "allow"'],
      [{ ...valid, createdAt: 5 }, 'approval.createdAt: expected a string, received 5'],
    ];
    for (const [value, message] of cases) {
      expect(() => readApproval(value)).toThrow(new InvalidApprovalError(message));
    }
    const tool = shell();
    const hooks = functionSystem();
    await expect(
      resumeToolWithHooks(
        hooks,
        { ...valid, toolInput: [] } as unknown as ToolApproval,
        { decision: 'allow' },
        tool.execute,
      ),
    ).rejects.toThrow('approval.toolInput: expected an object, received []');
    await expect(resumeToolWithHooks(hooks, valid, { decision: 'yes' } as never, tool.execute)).rejects.toThrow(
      InvalidApprovalError,
    );
    expect(tool.ran).toEqual([]);
  });
});

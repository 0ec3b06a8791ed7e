import { describe, expect, it } from 'vitest';
import { CLAUDE, GEMINI, HOOKSTREAM, dialectEvent, type Dialect } from '../../lib/dialects/index.js';
import { interpretCommandRun, type ProcessOutcome } from '../../lib/protocol/commandProtocol.js';
import {
  interpretDialectRun,
  normalizeDialectOutput,
  type DialectRunContext,
} from '../../lib/protocol/dialectOutput.js';

const context = (dialect: Dialect, native: string): DialectRunContext => {
  const event = dialectEvent(dialect, native);
  if (event === undefined) throw new Error(`no ${native}`);
  return { dialect, event };
};
const run = (facts: Partial<ProcessOutcome>): ProcessOutcome => ({
  stdout: '',
  stderr: '',
  timedOut: false,
  timeoutMs: 1000,
  exitCode: 0,
  ...facts,
});
const claude = (native: string, facts: Partial<ProcessOutcome>) =>
  interpretDialectRun('h', run(facts), context(CLAUDE, native));
const gemini = (native: string, facts: Partial<ProcessOutcome>) =>
  interpretDialectRun('h', run(facts), context(GEMINI, native));
const json = (value: unknown) => JSON.stringify(value);

describe('interpretDialectRun: exit code 2', () => {
  it('Claude Code takes the reason from stderr and ignores stdout', () => {
    const verdict = claude('PreToolUse', {
      exitCode: 2,
      stderr: 'rm -rf is not allowed\n',
      stdout: json({ reason: 'from stdout', decision: 'allow' }),
    });
    expect(verdict.outcome).toBe('blocked');
    expect(verdict.output).toEqual({ decision: 'block', reason: 'rm -rf is not allowed' });
    expect(verdict.message).toBe('rm -rf is not allowed');
  });

  it('hookstream keeps reading stdout JSON on exit 2', () => {
    const verdict = interpretDialectRun(
      'h',
      run({ exitCode: 2, stderr: 'err', stdout: json({ reason: 'from stdout' }) }),
      context(HOOKSTREAM, 'BeforeTool'),
    );
    expect(verdict.output?.reason).toBe('from stdout');
  });

  it('is a warning, not a block, on events that cannot block', () => {
    for (const [dialect, native] of [
      [CLAUDE, 'SessionStart'],
      [CLAUDE, 'Notification'],
      [CLAUDE, 'SessionEnd'],
      [GEMINI, 'SessionStart'],
      [GEMINI, 'PreCompress'],
      [HOOKSTREAM, 'SessionEnd'],
    ] as const) {
      const verdict = interpretDialectRun('h', run({ exitCode: 2, stderr: 'nope\nmore' }), context(dialect, native));
      expect([native, verdict]).toEqual([
        native,
        {
          outcome: 'warning',
          message: `Hook "h" exited with code 2, but ${native} cannot be blocked: nope`,
          outputWarnings: [],
        },
      ]);
    }
  });

  it('blocks where Claude Code blocks: PreCompact can, unlike Gemini CLI’s PreCompress', () => {
    expect(claude('PreCompact', { exitCode: 2, stderr: 'keep it' }).outcome).toBe('blocked');
    expect(claude('Stop', { exitCode: 2, stderr: 'run the tests first' }).output).toEqual({
      decision: 'block',
      reason: 'run the tests first',
    });
  });

  it('has no effect where Claude Code ignores it', () => {
    expect(claude('StopFailure', { exitCode: 2, stderr: 'x' })).toEqual({
      outcome: 'success',
      outputWarnings: ['exit code 2 has no effect on StopFailure'],
    });
    expect(claude('PermissionDenied', { exitCode: 2 }).outcome).toBe('success');
  });

  it('falls back to hookstream’s message and warning when stderr is empty', () => {
    const verdict = gemini('BeforeTool', { exitCode: 2, stdout: json({ reason: 'ignored on exit 2' }) });
    expect(verdict.output?.reason).toBe('Hook exited with code 2');
    expect(verdict.outputWarnings[0]).toMatch(/^exit code 2 without a reason/);
  });
});

describe('interpretDialectRun: plain stdout on exit 0', () => {
  it('is model context on Claude Code’s UserPromptSubmit and SessionStart', () => {
    for (const native of ['UserPromptSubmit', 'SessionStart', 'UserPromptExpansion', 'PostModelSwitch']) {
      expect(claude(native, { stdout: 'Read AGENTS.md first.\n' })).toEqual({
        outcome: 'success',
        output: { hookSpecificOutput: { additionalContext: 'Read AGENTS.md first.' } },
        outputWarnings: [],
      });
    }
  });

  it('is dropped on other Claude Code events, and a systemMessage for Gemini CLI and hookstream', () => {
    expect(claude('PostToolUse', { stdout: 'formatted 3 files' })).toEqual({ outcome: 'success', outputWarnings: [] });
    expect(gemini('AfterTool', { stdout: 'note' }).output).toEqual({ decision: 'allow', systemMessage: 'note' });
    expect(interpretDialectRun('h', run({ stdout: 'note' }), context(HOOKSTREAM, 'BeforeTool')).output).toEqual({
      decision: 'allow',
      systemMessage: 'note',
    });
  });

  it('WorktreeCreate: the last non-empty line is the worktree path, colour codes removed', () => {
    expect(
      claude('WorktreeCreate', { stdout: 'Checked out r12\n\x1b[32m/home/u/wt/feature\x1b[0m\n\n' }).output,
    ).toEqual({
      hookSpecificOutput: { worktreePath: '/home/u/wt/feature' },
    });
  });

  it('WorktreeCreate: any non-zero exit fails the creation', () => {
    const verdict = claude('WorktreeCreate', { exitCode: 1, stderr: 'svn: checkout failed' });
    expect(verdict.outcome).toBe('blocked');
    expect(verdict.output).toEqual({ decision: 'block', reason: 'Hook "h" exited with code 1: svn: checkout failed' });
  });

  it('other exit codes stay non-blocking warnings', () => {
    expect(claude('PreToolUse', { exitCode: 1, stderr: 'oops' }).outcome).toBe('warning');
  });
});

describe('interpretDialectRun: JSON on exit 0', () => {
  it('Claude Code’s updatedInput replaces the tool input', () => {
    const verdict = claude('PreToolUse', {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { command: 'rtk git status' },
        },
      }),
    });
    expect(verdict.outcome).toBe('success');
    expect(verdict.output?.hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      tool_input: { command: 'rtk git status' },
      replaceToolInput: true,
    });
  });

  it('a Claude Code deny blocks with its reason', () => {
    const verdict = claude('PreToolUse', {
      stdout: json({
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
      }),
    });
    expect(verdict.outcome).toBe('blocked');
  });

  it('Gemini CLI’s tool_input still merges (no replace flag)', () => {
    const verdict = gemini('BeforeTool', { stdout: json({ hookSpecificOutput: { tool_input: { path: 'b' } } }) });
    expect(verdict.output?.hookSpecificOutput).toEqual({ tool_input: { path: 'b' } });
  });

  it('replacing the tool result: updatedToolOutput, updatedMCPToolOutput, Gemini’s tool_output and tool_response', () => {
    // The canonical AfterTool replacement is `tool_response`: Claude's in the tool's own shape, Gemini's text as
    // its `llmContent`.
    const replaced = (verdict: ReturnType<typeof claude>) => verdict.output?.hookSpecificOutput?.tool_response;
    expect(
      replaced(
        claude('PostToolUse', {
          stdout: json({ hookSpecificOutput: { updatedToolOutput: { stdout: '[redacted]' } } }),
        }),
      ),
    ).toEqual({ stdout: '[redacted]' });
    expect(
      replaced(claude('PostToolUse', { stdout: json({ hookSpecificOutput: { updatedMCPToolOutput: 'short' } }) })),
    ).toBe('short');
    expect(replaced(gemini('AfterTool', { stdout: json({ hookSpecificOutput: { tool_output: 'text' } }) }))).toEqual({
      llmContent: 'text',
    });
    expect(
      replaced(gemini('AfterTool', { stdout: json({ hookSpecificOutput: { tool_response: { llmContent: 'r' } } }) })),
    ).toEqual({ llmContent: 'r' });
  });

  it('a top-level additionalContext reaches hookSpecificOutput', () => {
    expect(claude('SessionStart', { stdout: json({ additionalContext: 'ctx' }) }).output).toEqual({
      hookSpecificOutput: { additionalContext: 'ctx' },
    });
  });

  it('PermissionRequest: behavior becomes the decision, message the reason, interrupt a stop', () => {
    const deny = claude('PermissionRequest', {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'deny', message: 'not here', interrupt: true },
        },
      }),
    });
    expect(deny.outcome).toBe('blocked');
    expect(deny.output).toMatchObject({
      decision: 'deny',
      reason: 'not here',
      continue: false,
      stopReason: 'not here',
    });
    const allow = claude('PermissionRequest', {
      stdout: json({
        hookSpecificOutput: {
          decision: {
            behavior: 'allow',
            updatedInput: { command: 'npm run lint' },
            updatedPermissions: [{ type: 'setMode', mode: 'default' }],
          },
        },
      }),
    });
    expect(allow.outcome).toBe('success');
    expect(allow.output).toEqual({
      decision: 'allow',
      hookSpecificOutput: {
        tool_input: { command: 'npm run lint' },
        replaceToolInput: true,
        updatedPermissions: [{ type: 'setMode', mode: 'default' }],
      },
    });
  });

  it('a decision on an event that cannot block is dropped with a warning', () => {
    const verdict = claude('SessionStart', {
      stdout: json({ decision: 'block', reason: 'x', hookSpecificOutput: { additionalContext: 'c' } }),
    });
    expect(verdict.outcome).toBe('success');
    expect(verdict.output).toEqual({ reason: 'x', hookSpecificOutput: { additionalContext: 'c' } });
    expect(verdict.outputWarnings).toEqual(['field "decision": SessionStart cannot be blocked; ignored']);
    expect(
      gemini('Notification', { stdout: json({ decision: 'deny', continue: false, systemMessage: 'm' }) }).output,
    ).toEqual({ systemMessage: 'm' });
  });

  it('outputs an event discards are dropped: all of them for SessionEnd, continue for Notification', () => {
    expect(claude('SessionEnd', { stdout: json({ systemMessage: 'bye', continue: false }) })).toEqual({
      outcome: 'success',
      outputWarnings: [],
    });
    expect(claude('Notification', { stdout: json({ systemMessage: 'm', continue: false }) }).output).toEqual({
      systemMessage: 'm',
    });
  });

  it('Gemini CLI’s clearContext and tailToolCallRequest are kept when well formed, dropped with a warning otherwise', () => {
    expect(gemini('AfterAgent', { stdout: json({ hookSpecificOutput: { clearContext: true } }) }).output).toEqual({
      hookSpecificOutput: { clearContext: true },
    });
    const tail = { name: 'read_file', args: { path: 'a' } };
    expect(gemini('AfterTool', { stdout: json({ hookSpecificOutput: { tailToolCallRequest: tail } }) }).output).toEqual(
      { hookSpecificOutput: { tailToolCallRequest: tail } },
    );
    const bad = gemini('AfterTool', { stdout: json({ hookSpecificOutput: { tailToolCallRequest: 'read_file' } }) });
    expect(bad.output).toBeUndefined();
    expect(bad.outputWarnings).toEqual([
      'field "hookSpecificOutput.tailToolCallRequest": expected { name: string, args: object }; ignored',
    ]);
    expect(
      gemini('AfterAgent', { stdout: json({ hookSpecificOutput: { clearContext: 'yes' } }) }).outputWarnings,
    ).toEqual(['field "hookSpecificOutput.clearContext": expected true or false; ignored']);
  });

  it('keeps defer: the host helpers pause the call for an answer (lib/host/approval.ts)', () => {
    const verdict = claude('PreToolUse', { stdout: json({ hookSpecificOutput: { permissionDecision: 'defer' } }) });
    expect(verdict.outcome).toBe('success');
    expect(verdict.output?.hookSpecificOutput?.permissionDecision).toBe('defer');
    expect(verdict.outputWarnings).toEqual([]);
  });
});

describe('interpretDialectRun: failures', () => {
  it('leaves spawn failures, timeouts, truncation and signals to the command protocol', () => {
    for (const facts of [
      { spawnError: 'ENOENT' },
      { timedOut: true },
      { stdoutTruncatedAt: 10 },
      { exitCode: undefined, signal: 'SIGKILL' },
    ]) {
      expect(claude('PreToolUse', facts)).toEqual(interpretCommandRun('h', 'BeforeTool', run(facts)));
    }
  });

  it('a timed-out PreModelSwitch hook blocks the switch', () => {
    const verdict = claude('PreModelSwitch', { timedOut: true, exitCode: undefined, signal: 'SIGTERM' });
    expect(verdict.outcome).toBe('blocked');
    expect(verdict.message).toBe('Hook "h" timed out after 1000 ms, and PreModelSwitch blocks on a timeout');
  });
});

describe('normalizeDialectOutput', () => {
  it('returns a hookstream hook’s output itself', () => {
    const raw = { updatedInput: 1 };
    expect(normalizeDialectOutput(raw, context(HOOKSTREAM, 'BeforeTool')).output).toBe(raw);
  });

  it('never changes the object it was given', () => {
    const raw = { additionalContext: 'c', hookSpecificOutput: { updatedInput: { a: 1 } } };
    const copy = structuredClone(raw);
    normalizeDialectOutput(raw, context(CLAUDE, 'PreToolUse'));
    expect(raw).toEqual(copy);
  });
});

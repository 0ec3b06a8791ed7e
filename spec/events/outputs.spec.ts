import { describe, expect, it } from 'vitest';
import { decodeHookOutput } from '../../lib/events/outputs.js';

describe('decodeHookOutput', () => {
  it('keeps every well-typed common field', () => {
    const raw = {
      decision: 'block',
      reason: 'r',
      continue: false,
      stopReason: 's',
      suppressOutput: true,
      systemMessage: 'm',
      hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { a: 1 }, custom: [1] },
    };
    expect(decodeHookOutput(raw)).toEqual({ output: raw, warnings: [] });
  });

  it('drops a wrong-typed field with a warning naming it, and keeps the rest', () => {
    const { output, warnings } = decodeHookOutput({ decision: 'nope', continue: 'false', systemMessage: 'kept' });
    expect(output).toEqual({ systemMessage: 'kept' });
    expect(warnings).toEqual([
      expect.stringMatching(/field "decision".*received "nope"/),
      expect.stringMatching(/field "continue".*boolean.*received "false"/),
    ]);
  });

  it('checks hookSpecificOutput fields one by one', () => {
    const { output, warnings } = decodeHookOutput({
      hookSpecificOutput: { tool_input: 'x', additionalContext: 'ok', toolConfig: { mode: 'SOMETIMES' } },
    });
    expect(output).toEqual({ hookSpecificOutput: { additionalContext: 'ok' } });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/hookSpecificOutput\.tool_input/);
    expect(warnings[1]).toMatch(/hookSpecificOutput\.toolConfig/);
  });

  it('treats decision null as no decision and ignores unknown top-level keys', () => {
    expect(decodeHookOutput({ decision: null, somethingElse: 'ignored' })).toEqual({
      output: { decision: null },
      warnings: [],
    });
  });

  it('rejects a non-object hookSpecificOutput', () => {
    const { output, warnings } = decodeHookOutput({ hookSpecificOutput: [1, 2] });
    expect(output).toEqual({});
    expect(warnings[0]).toMatch(/hookSpecificOutput.*expected object/);
  });
});

describe('decodeHookOutput: other dialects', () => {
  it("reads x-code's modify decision as a tool_input change and its context as additionalContext", () => {
    expect(decodeHookOutput({ decision: 'modify', args: { path: '/safer' } })).toEqual({
      output: { hookSpecificOutput: { tool_input: { path: '/safer' } } },
      warnings: [],
    });
    expect(decodeHookOutput({ decision: 'allow', context: 'Sprint 42' })).toEqual({
      output: { decision: 'allow', hookSpecificOutput: { additionalContext: 'Sprint 42' } },
      warnings: [],
    });
  });

  it("reads x-code's output replacement as the AfterTool tool_response (issue 13)", () => {
    const { output, warnings } = decodeHookOutput({ decision: 'modify', output: '[redacted]' });
    expect(warnings).toEqual([]);
    expect(output.hookSpecificOutput).toEqual({ tool_response: { llmContent: '[redacted]' } });
  });

  it("reads Claude Code's updatedInput as a replacing tool_input, hookstream's spelling winning", () => {
    expect(
      decodeHookOutput({ hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { a: 1 } } }).output,
    ).toEqual({
      hookSpecificOutput: { permissionDecision: 'allow', tool_input: { a: 1 }, replaceToolInput: true },
    });
    expect(
      decodeHookOutput({ hookSpecificOutput: { updatedInput: { a: 1 }, tool_input: { a: 2 } } }).output
        .hookSpecificOutput,
    ).toEqual({ tool_input: { a: 2 } });
  });

  it("reads Claude Code's PermissionRequest decision object in hookstream's own files too", () => {
    expect(
      decodeHookOutput({
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: {
            behavior: 'allow',
            updatedInput: { command: 'ls' },
            updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
          },
        },
      }),
    ).toEqual({
      output: {
        decision: 'allow',
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          tool_input: { command: 'ls' },
          replaceToolInput: true,
          updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
        },
      },
      warnings: [],
    });
    expect(
      decodeHookOutput({ hookSpecificOutput: { decision: { behavior: 'deny', message: 'no', interrupt: true } } })
        .output,
    ).toEqual({ decision: 'deny', reason: 'no', continue: false, stopReason: 'no', hookSpecificOutput: {} });
  });

  it('drops a permission decision field given with the other behaviour, and an unknown behaviour, saying so', () => {
    expect(
      decodeHookOutput({ hookSpecificOutput: { decision: { behavior: 'deny', updatedInput: { a: 1 } } } }),
    ).toEqual({
      output: { decision: 'deny', hookSpecificOutput: {} },
      warnings: ['field "hookSpecificOutput.decision.updatedInput": applies only with behavior "allow"; ignored'],
    });
    expect(decodeHookOutput({ hookSpecificOutput: { decision: { behavior: 'maybe' } } })).toEqual({
      output: { hookSpecificOutput: {} },
      warnings: ['field "hookSpecificOutput.decision.behavior": expected "allow" or "deny", received "maybe"; ignored'],
    });
  });

  it("checks the outputs of Claude Code's own events field by field", () => {
    const { output, warnings } = decodeHookOutput({
      hookSpecificOutput: {
        action: 'accept',
        content: { user: 'a' },
        worktreePath: '/w',
        retry: 'yes',
        watchPaths: ['.envrc'],
        updatedPermissions: 'all',
      },
    });
    expect(output.hookSpecificOutput).toEqual({
      action: 'accept',
      content: { user: 'a' },
      worktreePath: '/w',
      watchPaths: ['.envrc'],
    });
    expect(warnings).toEqual([
      'field "hookSpecificOutput.retry": expected boolean, received "yes"; ignored',
      'field "hookSpecificOutput.updatedPermissions": expected Array<UnknownRecord>, received "all"; ignored',
    ]);
  });
});

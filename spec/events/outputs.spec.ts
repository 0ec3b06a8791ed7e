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
    expect(decodeHookOutput({ decision: null, context: 'x-code field' })).toEqual({ output: { decision: null }, warnings: [] });
  });

  it('rejects a non-object hookSpecificOutput', () => {
    const { output, warnings } = decodeHookOutput({ hookSpecificOutput: [1, 2] });
    expect(output).toEqual({});
    expect(warnings[0]).toMatch(/hookSpecificOutput.*expected object/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLAUDE,
  GEMINI,
  HOOKSTREAM,
  OLLM,
  dialectEvent,
  type Dialect,
  type DialectEvent,
} from '../../lib/dialects/index.js';
import { toCanonicalInput, toDialectInput } from '../../lib/protocol/dialectInput.js';
import { CLAUDE_PAYLOADS } from '../fixtures/dialects/agentPayloads.js';

const base = { session_id: 's1', transcript_path: '/t.jsonl', cwd: '/repo', timestamp: '2026-11-20T10:00:00.000Z' };
const eventOf = (dialect: Dialect, native: string): DialectEvent => {
  const event = dialectEvent(dialect, native);
  if (event === undefined) throw new Error(`no ${native} in ${dialect.id}`);
  return event;
};
const claudeInput = (native: string, input: Record<string, unknown>) =>
  toDialectInput(input, eventOf(CLAUDE, native), CLAUDE);

describe('toDialectInput', () => {
  it('gives hookstream and Gemini CLI hooks the input itself: no copy on the common path', () => {
    const input = { ...base, hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: {} };
    expect(toDialectInput(input, eventOf(GEMINI, 'BeforeTool'), GEMINI)).toBe(input);
    expect(toDialectInput(input, eventOf(HOOKSTREAM, 'BeforeTool'), HOOKSTREAM)).toBe(input);
  });

  it('hookstream hooks configured under an alias still get the canonical name', () => {
    const input = { ...base, hook_event_name: 'BeforeTool', tool_name: 'x', tool_input: {} };
    expect(toDialectInput(input, eventOf(HOOKSTREAM, 'PreToolUse'), HOOKSTREAM)).toBe(input);
  });

  it('a Claude Code hook gets the name it was configured under', () => {
    const input = { ...base, hook_event_name: 'BeforeAgent', prompt: 'hi' };
    expect(claudeInput('UserPromptSubmit', input)).toEqual({
      ...base,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hi',
    });
    expect(input.hook_event_name).toBe('BeforeAgent');
  });

  it('Stop: the response as last_assistant_message, stop_hook_active kept', () => {
    expect(
      claudeInput('Stop', {
        ...base,
        hook_event_name: 'AfterAgent',
        prompt: 'p',
        prompt_response: 'done',
        stop_hook_active: true,
      }),
    ).toEqual({
      ...base,
      hook_event_name: 'Stop',
      prompt: 'p',
      last_assistant_message: 'done',
      stop_hook_active: true,
    });
  });

  it('SessionStart: compress reads as compact', () => {
    expect(claudeInput('SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'compress' })).toMatchObject(
      {
        hook_event_name: 'SessionStart',
        source: 'compact',
      },
    );
    expect(claudeInput('SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'resume' })).toMatchObject({
      source: 'resume',
    });
  });

  it('SubagentStart and SubagentStop: the agent as agent_type and agent_id, with the fields Claude Code always sends', () => {
    expect(claudeInput('SubagentStart', { ...base, hook_event_name: 'SubagentStart', agent_name: 'Explore' })).toEqual({
      ...base,
      hook_event_name: 'SubagentStart',
      agent_type: 'Explore',
      agent_id: 'Explore',
    });
    expect(
      claudeInput('SubagentStop', {
        ...base,
        hook_event_name: 'SubagentStop',
        agent_name: 'Explore',
        outcome: 'completed',
        agent_id: 'a-9',
      }),
    ).toEqual({
      ...base,
      hook_event_name: 'SubagentStop',
      agent_type: 'Explore',
      agent_id: 'a-9',
      outcome: 'completed',
      stop_hook_active: false,
      agent_transcript_path: '/t.jsonl',
    });
  });

  it('a field the input already has under the target name wins over a renamed one', () => {
    expect(
      claudeInput('SubagentStart', { ...base, hook_event_name: 'SubagentStart', agent_name: 'x', agent_type: 'Plan' }),
    ).toMatchObject({
      agent_type: 'Plan',
    });
  });

  it('tool events: tool_call_id as tool_use_id; PreCompact always carries custom_instructions', () => {
    expect(
      claudeInput('PreToolUse', {
        ...base,
        hook_event_name: 'BeforeTool',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_call_id: 'c1',
      }),
    ).toEqual({
      ...base,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'c1',
    });
    expect(claudeInput('PreCompact', { ...base, hook_event_name: 'PreCompress', trigger: 'auto' })).toMatchObject({
      custom_instructions: '',
    });
    expect(
      claudeInput('PostCompact', { ...base, hook_event_name: 'PostCompress', trigger: 'auto', summary: 'S' }),
    ).toMatchObject({ compact_summary: 'S' });
  });

  it('keeps a "__proto__" field as data', () => {
    const input = JSON.parse('{"hook_event_name":"BeforeAgent","prompt":"p","__proto__":{"polluted":true}}') as Record<
      string,
      unknown
    >;
    const out = claudeInput('UserPromptSubmit', input);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('toCanonicalInput', () => {
  it('reads Claude Code’s Stop payload as AfterAgent', () => {
    expect(toCanonicalInput(CLAUDE_PAYLOADS.Stop ?? {}, eventOf(CLAUDE, 'Stop'))).toMatchObject({
      hook_event_name: 'AfterAgent',
      stop_hook_active: true,
      prompt_response: 'Done.',
      prompt: '',
    });
  });

  it('maps values the canonical input does not know', () => {
    expect(
      toCanonicalInput({ hook_event_name: 'SessionStart', source: 'compact' }, eventOf(CLAUDE, 'SessionStart')).source,
    ).toBe('compress');
    expect(
      toCanonicalInput({ hook_event_name: 'SessionStart', source: 'fork' }, eventOf(CLAUDE, 'SessionStart')).source,
    ).toBe('resume');
    expect(
      toCanonicalInput({ hook_event_name: 'SessionEnd', reason: 'resume' }, eventOf(CLAUDE, 'SessionEnd')).reason,
    ).toBe('other');
  });

  it('drops a null the canonical input takes as absent, and fills what older payloads lack', () => {
    const compact = toCanonicalInput(
      { hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: null },
      eventOf(CLAUDE, 'PreCompact'),
    );
    expect(compact).toEqual({ hook_event_name: 'PreCompress', trigger: 'auto' });
    const notification = toCanonicalInput(
      { hook_event_name: 'Notification', message: 'm' },
      eventOf(CLAUDE, 'Notification'),
    );
    expect(notification).toEqual({ hook_event_name: 'Notification', message: 'm', notification_type: 'unknown' });
  });

  it('names the canonical event even when the payload has no hook_event_name', () => {
    expect(toCanonicalInput({ prompt: 'x' }, eventOf(CLAUDE, 'UserPromptSubmit'))).toEqual({
      prompt: 'x',
      hook_event_name: 'BeforeAgent',
    });
  });

  it('keeps the agent’s extra fields', () => {
    expect(toCanonicalInput(CLAUDE_PAYLOADS.PreToolUse ?? {}, eventOf(CLAUDE, 'PreToolUse'))).toMatchObject({
      permission_mode: 'default',
      tool_call_id: 'toolu_1',
    });
  });
});

describe('dialect input laws', () => {
  const text = fc.string({ maxLength: 12 });
  const canonicalStop = fc.record({
    prompt: text,
    prompt_response: text,
    stop_hook_active: fc.boolean(),
    session_id: text,
    cwd: text,
  });
  const canonicalTool = fc.record({
    tool_name: text,
    tool_input: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), text),
    tool_call_id: text,
  });

  it('canonical → Claude Code → canonical gives back the canonical input (Stop, PreToolUse, SubagentStop)', () => {
    const cases: [string, string, fc.Arbitrary<Record<string, unknown>>][] = [
      ['Stop', 'AfterAgent', canonicalStop],
      ['PreToolUse', 'BeforeTool', canonicalTool],
      [
        'SubagentStop',
        'SubagentStop',
        fc.record({
          agent_name: text,
          outcome: fc.constantFrom('completed', 'aborted', 'failed'),
          transcript_path: text,
        }),
      ],
    ];
    for (const [native, canonical, arbitrary] of cases) {
      const event = eventOf(CLAUDE, native);
      fc.assert(
        fc.property(arbitrary, (fields) => {
          const input = { ...fields, hook_event_name: canonical };
          const back = toCanonicalInput(toDialectInput(input, event, CLAUDE), event);
          // Fields Claude Code always sends come back as extras; every canonical field is as it was.
          expect(back).toMatchObject(input);
        }),
      );
    }
  });

  it('Claude Code → canonical → Claude Code gives back the payload (every event)', () => {
    for (const event of CLAUDE.events) {
      const payload = CLAUDE_PAYLOADS[event.native] ?? {};
      const back = toDialectInput(toCanonicalInput(payload, event), event, CLAUDE);
      // Lossy only where canonical values are coarser (`fork`, `resume`) or a null was dropped; fields the
      // canonical input requires (Stop's `prompt`) come along as extras.
      const expected = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null));
      if (!['SessionEnd', 'PreCompact'].includes(event.native)) expect(back, event.native).toMatchObject(expected);
    }
  });
});

describe("OLLM's { event, context } payload", () => {
  it('sends the fields once more under context, and reads them back from there or from the top', () => {
    const event = eventOf(OLLM, 'before_tool');
    const canonical = { ...base, hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { path: 'a.ts' } };
    const sent = toDialectInput(canonical, event, OLLM);
    expect(sent).toMatchObject({ hook_event_name: 'before_tool', event: 'before_tool', tool_name: 'write_file' });
    expect(sent['context']).toEqual({ ...base, tool_name: 'write_file', tool_input: { path: 'a.ts' } });
    expect(toCanonicalInput(sent, event)).toEqual(canonical);
    // A field only under context is read from there; the agent's top-level event name gives way to the canonical one.
    expect(toCanonicalInput({ event: 'before_tool', context: { tool_name: 'x' }, cwd: '/r' }, event)).toEqual({
      tool_name: 'x',
      cwd: '/r',
      hook_event_name: 'BeforeTool',
    });
  });
});

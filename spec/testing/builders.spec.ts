/** The input and output builders of hookstream/testing: complete inputs, overridable base fields, plain outputs. */
import { describe, expect, it } from 'vitest';
import { decodeEventInput } from '../../lib/events/decodeInput.js';
import { SEED_EVENT_NAMES } from '../../lib/events/names.js';
import type { HookInput } from '../../lib/index.js';
import {
  TEST_BASE_FIELDS,
  addContext,
  afterAgent,
  afterModel,
  afterTool,
  allow,
  ask,
  beforeAgent,
  beforeModel,
  beforeTool,
  beforeToolSelection,
  block,
  combine,
  deny,
  inputOf,
  modifyRequest,
  modifyToolInput,
  notification,
  postCompress,
  preCompress,
  replaceResponse,
  restrictTools,
  sessionEnd,
  sessionStart,
  stop,
  subagentStart,
  subagentStop,
  suppressOutput,
  systemMessage,
  turnComplete,
} from '../../lib/testing/index.js';

const ONE_OF_EACH: Record<string, HookInput> = {
  BeforeTool: beforeTool('write_file', { file_path: 'a.txt' }),
  AfterTool: afterTool('read_file', { file_path: 'a.txt' }, { llmContent: 'hi' }),
  BeforeAgent: beforeAgent('fix the bug'),
  AfterAgent: afterAgent('fix the bug', 'done', true),
  BeforeModel: beforeModel({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  AfterModel: afterModel({ model: 'm' }, { text: 'hello' }),
  BeforeToolSelection: beforeToolSelection({ model: 'm' }),
  SessionStart: sessionStart('resume'),
  SessionEnd: sessionEnd('logout'),
  PreCompress: preCompress('manual', { message_count: 40 }),
  PostCompress: postCompress('auto', 'summary text'),
  Notification: notification('ToolPermission', 'Allow write_file?'),
  SubagentStart: subagentStart('reviewer', 'review this'),
  SubagentStop: subagentStop('reviewer', 'failed'),
  TurnComplete: turnComplete(3),
};

describe('input builders', () => {
  // Claude Code's own events have no named builder: `inputOf('PermissionRequest', fields)` builds them.
  it('build one valid input per seed event, named after the event, with the test base fields', () => {
    expect(Object.keys(ONE_OF_EACH).sort()).toEqual([...SEED_EVENT_NAMES].sort());
    for (const [event, input] of Object.entries(ONE_OF_EACH)) {
      expect(input.hook_event_name).toBe(event);
      expect(input).toMatchObject(TEST_BASE_FIELDS);
      // The engine's own decoder accepts every built input.
      const { hook_event_name, ...fields } = input;
      expect(() => decodeEventInput(hook_event_name, fields, () => TEST_BASE_FIELDS)).not.toThrow();
    }
  });

  it('put the arguments in the event fields', () => {
    expect(beforeTool('write_file', { file_path: 'x' }).tool_input).toEqual({ file_path: 'x' });
    expect(afterTool('t', { a: 1 }, { b: 2 })).toMatchObject({
      tool_name: 't',
      tool_input: { a: 1 },
      tool_response: { b: 2 },
    });
    expect(afterAgent('p', 'r')).toMatchObject({ prompt: 'p', prompt_response: 'r', stop_hook_active: false });
    expect(afterModel({ model: 'm' }, { text: 't' })).toMatchObject({
      llm_request: { model: 'm' },
      llm_response: { text: 't' },
    });
    expect(notification('Idle', 'waiting')).toMatchObject({ notification_type: 'Idle', message: 'waiting' });
    expect(subagentStop('a')).toMatchObject({ agent_name: 'a', outcome: 'completed' });
    expect(postCompress()).not.toHaveProperty('summary');
    expect(preCompress('auto', { token_estimate: 9 })).toMatchObject({ trigger: 'auto', token_estimate: 9 });
  });

  it('let the last argument override base fields and optional fields, never the event name', () => {
    const input = beforeTool('write_file', {}, { session_id: 's-2', cwd: '/repo', tool_call_id: 'call-7' });
    expect(input).toMatchObject({
      session_id: 's-2',
      cwd: '/repo',
      tool_call_id: 'call-7',
      hook_event_name: 'BeforeTool',
    });
    const forced = inputOf('TurnComplete', { turn: 1 }, { hook_event_name: 'BeforeTool' } as never);
    expect(forced.hook_event_name).toBe('TurnComplete');
  });

  it('return fresh objects, so a test mutating one cannot leak into the next', () => {
    const a = beforeTool('x');
    a.session_id = 'changed';
    expect(beforeTool('x').session_id).toBe(TEST_BASE_FIELDS.session_id);
    expect(() => {
      (TEST_BASE_FIELDS as { cwd: string }).cwd = 'x';
    }).toThrow();
  });
});

describe('output builders', () => {
  it('build the JSON a command hook would print', () => {
    expect(block('no')).toEqual({ decision: 'block', reason: 'no' });
    expect(deny('no')).toEqual({ decision: 'deny', reason: 'no' });
    expect(allow()).toEqual({ decision: 'allow' });
    expect(allow('fine')).toEqual({ decision: 'allow', reason: 'fine' });
    expect(ask('sure?')).toEqual({ decision: 'ask', reason: 'sure?' });
    expect(stop('enough')).toEqual({ continue: false, stopReason: 'enough' });
    expect(modifyToolInput({ a: 1 })).toEqual({ hookSpecificOutput: { tool_input: { a: 1 } } });
    expect(modifyRequest({ model: 'x' })).toEqual({ hookSpecificOutput: { llm_request: { model: 'x' } } });
    expect(replaceResponse({ text: 't' })).toEqual({ hookSpecificOutput: { llm_response: { text: 't' } } });
    expect(addContext('c')).toEqual({ hookSpecificOutput: { additionalContext: 'c' } });
    expect(systemMessage('m')).toEqual({ systemMessage: 'm' });
    expect(suppressOutput()).toEqual({ suppressOutput: true });
  });

  it('restrictTools sorts the names and defaults to AUTO', () => {
    expect(restrictTools(['read_file', 'glob'])).toEqual({
      hookSpecificOutput: { toolConfig: { mode: 'AUTO', allowedFunctionNames: ['glob', 'read_file'] } },
    });
    expect(restrictTools([], 'NONE').hookSpecificOutput?.toolConfig?.mode).toBe('NONE');
  });

  it('combine merges outputs and their hookSpecificOutput, later keys winning', () => {
    expect(
      combine(suppressOutput(), addContext('a'), systemMessage('m'), modifyToolInput({ x: 1 }), deny('r')),
    ).toEqual({
      suppressOutput: true,
      systemMessage: 'm',
      decision: 'deny',
      reason: 'r',
      hookSpecificOutput: { additionalContext: 'a', tool_input: { x: 1 } },
    });
    expect(combine(allow(), deny('r'))).toEqual({ decision: 'deny', reason: 'r' });
    expect(combine()).toEqual({});
  });
});

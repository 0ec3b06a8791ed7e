import { describe, expect, it } from 'vitest';
import {
  buildHookInput,
  checkEventFields,
  decodeEventInput,
  InvalidEventInputError,
} from '../../lib/events/decodeInput.js';
import type { EventName } from '../../lib/events/names.js';

const BASE = { session_id: 's1', transcript_path: '', cwd: '/p', timestamp: '2026-01-01T00:00:00.000Z' };
const base = () => BASE;

const rejection = (event: EventName, fields: unknown): InvalidEventInputError => {
  try {
    checkEventFields(event, fields);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEventInputError);
    return error as InvalidEventInputError;
  }
  throw new Error('expected the input to be rejected');
};
const problemsOf = (event: EventName, fields: unknown) => rejection(event, fields).problems;

describe('decodeEventInput', () => {
  it('fills in the base fields and the canonical event name', () => {
    expect(decodeEventInput('BeforeTool', { tool_name: 'ls', tool_input: {} }, base)).toEqual({
      ...BASE,
      hook_event_name: 'BeforeTool',
      tool_name: 'ls',
      tool_input: {},
    });
  });

  it('lets the host override base fields but never the event name', () => {
    const input = decodeEventInput(
      'SessionStart',
      { source: 'resume', session_id: 'mine', hook_event_name: 'X' },
      base,
    );
    expect(input.session_id).toBe('mine');
    expect(input.hook_event_name).toBe('SessionStart');
  });

  it('throws before building anything when the fields are invalid', () => {
    let built = 0;
    expect(() =>
      decodeEventInput('BeforeAgent', { prompt: 1 }, () => {
        built++;
        return BASE;
      }),
    ).toThrow(InvalidEventInputError);
    expect(built).toBe(0);
  });

  it('accepts the stable LLM request with SDK extras passing through', () => {
    const llm_request = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      config: { temperature: 1 },
      extra: 1,
    };
    expect(decodeEventInput('BeforeModel', { llm_request }, base).llm_request).toEqual(llm_request);
  });
});

describe('checkEventFields', () => {
  it('returns for valid fields, extra keys included', () => {
    expect(() => {
      checkEventFields('BeforeTool', { tool_name: 'ls', tool_input: {}, cwd: '/q', note: 1 });
    }).not.toThrow();
    expect(() => {
      checkEventFields('TurnComplete', { turn: 3 });
    }).not.toThrow();
  });

  it('names the field by JSON pointer, the expected type and the received value', () => {
    const error = rejection('BeforeTool', { tool_name: 7, tool_input: {} });
    expect(error.event).toBe('BeforeTool');
    expect(error.problems).toEqual(['/tool_name: expected a string, received 7']);
    expect(error.message).toBe('Invalid BeforeTool input:\n  /tool_name: expected a string, received 7');
  });

  it('reports missing fields and enum mismatches', () => {
    expect(problemsOf('AfterTool', { tool_name: 'ls', tool_input: {} })).toEqual([
      '/tool_response: required, any JSON value',
    ]);
    expect(problemsOf('SessionStart', { source: 'reboot' })).toEqual([
      '/source: expected "startup" | "resume" | "clear" | "compress", received "reboot"',
    ]);
    expect(problemsOf('AfterAgent', { prompt: 'p', prompt_response: 'r', stop_hook_active: 'no' })).toEqual([
      '/stop_hook_active: expected true or false, received "no"',
    ]);
  });

  it('reports every problem, nested ones by their full pointer', () => {
    const llm_request = {
      messages: [
        { role: 'user', content: 3 },
        { role: 'robot', content: 'x' },
      ],
    };
    expect(problemsOf('AfterModel', { llm_request, llm_response: [] })).toEqual([
      '/llm_request/messages/0/content: expected a string, received 3',
      '/llm_request/messages/1/role: expected "user" | "model" | "system" | "assistant" | "tool", received "robot"',
      '/llm_response: expected an object, received []',
    ]);
  });

  it('rejects a non-object with one problem', () => {
    expect(problemsOf('BeforeAgent', 'hello')).toEqual([`expected the event's fields as an object, received "hello"`]);
    expect(problemsOf('BeforeAgent', null)).toEqual([`expected the event's fields as an object, received null`]);
    expect(problemsOf('BeforeAgent', [])).toEqual([`expected the event's fields as an object, received []`]);
  });
});

describe('buildHookInput', () => {
  it('puts the base fields first and the canonical event name after them', () => {
    const input = buildHookInput('BeforeTool', { tool_name: 'ls', tool_input: {} }, BASE);
    expect(Object.keys(input)).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'hook_event_name',
      'timestamp',
      'tool_name',
      'tool_input',
    ]);
    expect(input).toEqual({ ...BASE, hook_event_name: 'BeforeTool', tool_name: 'ls', tool_input: {} });
  });

  it('lets fields override base fields, never the event name, and leaves both arguments alone', () => {
    const fields = { source: 'resume', cwd: '/mine', hook_event_name: 'PreToolUse' };
    const input = buildHookInput('SessionStart', fields, BASE);
    expect(input).toMatchObject({ cwd: '/mine', session_id: 's1', hook_event_name: 'SessionStart' });
    expect(fields.hook_event_name).toBe('PreToolUse');
    expect(BASE.cwd).toBe('/p');
  });

  it('keeps an own "__proto__" key (as JSON.parse makes it) as data, not as the prototype', () => {
    const fields = JSON.parse('{"prompt":"p","__proto__":{"polluted":true}}') as object;
    const input = buildHookInput('BeforeAgent', fields, BASE) as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(input.polluted).toBeUndefined();
    expect(Object.hasOwn(input, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(input))).toEqual(
      JSON.parse(
        `{${JSON.stringify(BASE).slice(1, -1)},"hook_event_name":"BeforeAgent","prompt":"p","__proto__":{"polluted":true}}`,
      ),
    );
  });
});

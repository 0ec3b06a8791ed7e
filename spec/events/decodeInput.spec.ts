import { describe, expect, it } from 'vitest';
import { decodeEventInput, InvalidEventInputError } from '../../lib/events/decodeInput.js';

const base = () => ({ session_id: 's1', transcript_path: '', cwd: '/p', timestamp: '2026-01-01T00:00:00.000Z' });

const problemsOf = (event: Parameters<typeof decodeEventInput>[0], fields: unknown): string => {
  try {
    decodeEventInput(event, fields, base);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEventInputError);
    return (error as InvalidEventInputError).message;
  }
  throw new Error('expected the input to be rejected');
};

describe('decodeEventInput', () => {
  it('fills in the base fields and the canonical event name', () => {
    expect(decodeEventInput('BeforeTool', { tool_name: 'ls', tool_input: {} }, base)).toEqual({
      ...base(),
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

  it('names the field, the expected type and the received value', () => {
    const message = problemsOf('BeforeTool', { tool_name: 7, tool_input: {} });
    expect(message).toMatch(/Invalid BeforeTool input/);
    expect(message).toMatch(/tool_name/);
    expect(message).toMatch(/string/);
    expect(message).toMatch(/7/);
  });

  it('reports missing fields and enum mismatches', () => {
    expect(problemsOf('AfterTool', { tool_name: 'ls', tool_input: {} })).toMatch(/tool_response/);
    expect(problemsOf('SessionStart', { source: 'reboot' })).toMatch(/startup.*resume|"reboot"/);
    expect(problemsOf('AfterAgent', { prompt: 'p', prompt_response: 'r', stop_hook_active: 'no' })).toMatch(
      /stop_hook_active/,
    );
  });

  it('rejects a non-object', () => {
    expect(problemsOf('BeforeAgent', 'hello')).toMatch(/object/);
    expect(problemsOf('BeforeAgent', null)).toMatch(/object/);
  });

  it('accepts the stable LLM request with SDK extras passing through', () => {
    const llm_request = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      config: { temperature: 1 },
      extra: 1,
    };
    expect(decodeEventInput('BeforeModel', { llm_request }, base).llm_request).toEqual(llm_request);
    expect(problemsOf('BeforeModel', { llm_request: { messages: [{ role: 'user', content: 3 }] } })).toMatch(/content/);
  });
});

/**
 * Gemini CLI's, Cursor's and GitHub Copilot's documented stdin examples (spec/fixtures/dialects/agentPayloads.ts)
 * through the path `hookstream fire --dialect` reads an agent's payload with: each decodes into its canonical
 * event's input, and the stdin a hook of that event gets back holds every field of the example as it was. Result
 * fields (`tool_response` and its agent spellings) take any JSON value.
 */
import { describe, expect, it } from 'vitest';
import { agentEvent } from '../../lib/cli/fireDialect.js';
import { dialectById, dialectEvent } from '../../lib/dialects/registry.js';
import type { DialectId } from '../../lib/dialects/types.js';
import { decodeEventInput } from '../../lib/events/decodeInput.js';
import { toDialectInput } from '../../lib/protocol/dialectInput.js';
import { COPILOT_PAYLOADS, CURSOR_PAYLOADS, GEMINI_PAYLOADS } from '../fixtures/dialects/agentPayloads.js';

const BASE = { session_id: 'filled', transcript_path: '', cwd: '/filled', timestamp: '2026-01-01T00:00:00.000Z' };

/** What `fire --dialect` does with a payload: the canonical fields, checked by the event's decoder. */
const decode = (dialect: DialectId, native: string, payload: Record<string, unknown>) => {
  const agent = agentEvent(dialect, native);
  const fields = agent.fields(payload);
  const input = decodeEventInput(agent.event, fields, () => BASE) as unknown as Record<string, unknown>;
  return { agent, fields, input };
};

/** The stdin a hook of `native` gets for the decoded input. */
const sentBack = (dialect: DialectId, native: string, input: Record<string, unknown>) => {
  const event = dialectEvent(dialectById(dialect), native);
  if (event === undefined) throw new Error(`no ${native}`);
  return toDialectInput(input, event, dialectById(dialect));
};

const EXAMPLES: readonly [DialectId, Readonly<Record<string, Record<string, unknown>>>][] = [
  ['gemini', GEMINI_PAYLOADS],
  ['cursor', CURSOR_PAYLOADS],
  ['copilot', COPILOT_PAYLOADS],
];

describe('each agent’s documented stdin examples', () => {
  for (const [dialect, examples] of EXAMPLES) {
    for (const [native, payload] of Object.entries(examples)) {
      it(`${dialect} ${native}: decodes, and a hook of that event gets every field back unchanged`, () => {
        const { input } = decode(dialect, native, payload);
        const back = sentBack(dialect, native, input);
        // Copilot's camelCase payloads carry no event name; every other field comes back as sent.
        expect(back).toMatchObject(payload);
      });
    }
  }

  it('Cursor: the conversation is the session, the shell command and the read file are the tool input', () => {
    expect(decode('cursor', 'beforeShellExecution', CURSOR_PAYLOADS.beforeShellExecution ?? {}).input).toMatchObject({
      hook_event_name: 'BeforeTool',
      session_id: 'c-7f3e',
      tool_name: 'Shell',
      tool_input: { command: 'npm run build' },
    });
    expect(decode('cursor', 'beforeReadFile', CURSOR_PAYLOADS.beforeReadFile ?? {}).input).toMatchObject({
      tool_name: 'Read',
      tool_input: { file_path: '/work/app/.env' },
    });
    expect(decode('cursor', 'beforeMCPExecution', CURSOR_PAYLOADS.beforeMCPExecution ?? {}).input).toMatchObject({
      tool_input: { sql: 'select 1' },
    });
  });

  it('Copilot: toolArgs text is the tool input, milliseconds are an ISO timestamp, toolResult the response', () => {
    expect(decode('copilot', 'preToolUse', COPILOT_PAYLOADS.preToolUse ?? {}).input).toMatchObject({
      hook_event_name: 'BeforeTool',
      tool_name: 'bash',
      tool_input: { command: 'rm -rf dist', description: 'clean' },
      timestamp: new Date(1_767_259_800_000).toISOString(),
    });
    expect(decode('copilot', 'postToolUse', COPILOT_PAYLOADS.postToolUse ?? {}).input).toMatchObject({
      tool_response: { resultType: 'success', textResultForLlm: '12 passing' },
    });
  });

  const ANY_JSON: readonly unknown[] = [null, 'text', 42, true, [{ type: 'text', text: 'a' }], { nested: { a: [1] } }];
  const RESULT_FIELDS: readonly [DialectId, string, Record<string, unknown>, string][] = [
    ['gemini', 'AfterTool', GEMINI_PAYLOADS.AfterTool ?? {}, 'tool_response'],
    ['cursor', 'postToolUse', CURSOR_PAYLOADS.postToolUse ?? {}, 'tool_output'],
    ['copilot', 'postToolUse', COPILOT_PAYLOADS.postToolUse ?? {}, 'toolResult'],
  ];
  for (const [dialect, native, payload, field] of RESULT_FIELDS) {
    it(`${dialect} ${native}: ${field} may be any JSON value, and reaches the hook as it was`, () => {
      for (const value of ANY_JSON) {
        const { input } = decode(dialect, native, { ...payload, [field]: value });
        // Text that parses as JSON is Cursor's JSON-text form: it is read as the value it holds.
        expect(input.tool_response, JSON.stringify(value)).toEqual(value);
        expect(sentBack(dialect, native, input)[field], JSON.stringify(value)).toEqual(
          dialect === 'cursor' && typeof value === 'object' && value !== null ? JSON.stringify(value) : value,
        );
      }
    });
  }
});

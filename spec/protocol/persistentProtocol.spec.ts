/**
 * The persistent-worker line protocol as pure functions: the request line with its `"id"`, the id an answer
 * echoes, and what each way a request can end becomes in the run record.
 */
import { describe, expect, it } from 'vitest';
import type { HookInput } from '../../lib/events/inputs.js';
import {
  answerId,
  interpretReply,
  requestLine,
  type ReplyContext,
  type WorkerReply,
} from '../../lib/protocol/persistentProtocol.js';

const input = {
  session_id: 's',
  transcript_path: '/t',
  cwd: '/p',
  hook_event_name: 'BeforeTool',
  timestamp: '2026-01-01T00:00:00.000Z',
  tool_name: 'write_file',
  tool_input: { path: 'a.txt' },
} as HookInput;

const context: ReplyContext = {
  name: 'guard',
  event: 'BeforeTool',
  timeoutMs: 500,
  maxOutputBytes: 1024,
  crashLimit: 3,
  crashWindowMs: 60_000,
};

const reply = (kind: WorkerReply['kind'], extra: Partial<WorkerReply> = {}): WorkerReply =>
  Object.assign({ kind, stderr: new Uint8Array(0), stderrOverflow: false, durationMs: 1 }, extra);

describe('requestLine', () => {
  it('is the input JSON with "id" as the last key, then a newline', () => {
    const line = requestLine(input, 7);
    expect(line.endsWith(',"id":7}\n')).toBe(true);
    expect(line.split('\n')).toHaveLength(2);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed).toEqual({ ...input, id: 7 });
    expect(Object.keys(parsed).at(-1)).toBe('id');
  });

  it('wins over a host field named "id" for any parser that keeps the last duplicate', () => {
    const line = requestLine({ ...input, id: 'host' } as unknown as HookInput, 3);
    expect((JSON.parse(line) as { id: unknown }).id).toBe(3);
  });

  it('frames an empty object without a stray comma', () => {
    expect(requestLine({} as HookInput, 1)).toBe('{"id":1}\n');
  });
});

describe('answerId', () => {
  it('reads a top-level "id" of a JSON object answer, whatever its type', () => {
    expect(answerId('{"id":4,"decision":"deny"}')).toEqual({ echoed: true, id: 4 });
    expect(answerId('  {"decision":"allow","id":"4"}')).toEqual({ echoed: true, id: '4' });
    expect(answerId('{"id":null}')).toEqual({ echoed: true, id: null });
  });

  it('finds no id in text, an empty line, invalid JSON, arrays or an object without one', () => {
    for (const line of ['', 'plain words', '{not json', '[{"id":1}]', '{"decision":"allow"}', '"{\\"id\\":1}"']) {
      expect(answerId(line)).toEqual({ echoed: false });
    }
  });

  it('does not look inside nested objects', () => {
    expect(answerId('{"hookSpecificOutput":{"id":1}}')).toEqual({ echoed: false });
  });
});

describe('interpretReply', () => {
  it('reads an answer as stdout at exit 0: a JSON object decides, the echoed id is dropped silently', () => {
    const fields = interpretReply(reply('answer', { stdout: '{"id":1,"decision":"deny","reason":"no"}' }), context);
    expect(fields).toEqual({
      outcome: 'blocked',
      output: { decision: 'deny', reason: 'no' },
      message: 'no',
      stdout: '{"id":1,"decision":"deny","reason":"no"}',
      stderr: '',
    });
  });

  it('reads text as an allow with a systemMessage, and an empty line as no output', () => {
    expect(interpretReply(reply('answer', { stdout: ' hi ' }), context)).toMatchObject({
      outcome: 'success',
      output: { decision: 'allow', systemMessage: 'hi' },
    });
    expect(interpretReply(reply('answer', { stdout: '' }), context)).toEqual({
      outcome: 'success',
      stdout: '',
      stderr: '',
    });
  });

  it('never uses an answer that was not valid UTF-8', () => {
    const fields = interpretReply(
      reply('answer', { stdout: '{"decision":"allow"}\uFFFD', stdoutInvalid: true }),
      context,
    );
    expect(fields).toEqual({
      outcome: 'failed',
      message: 'Hook "guard" answer was not used: it is not valid UTF-8',
      stdout: '{"decision":"allow"}\uFFFD',
    });
  });

  it('fails a broken protocol with what broke it, and tells the next request why the worker before was replaced', () => {
    expect(interpretReply(reply('protocol', { detail: 'printed more than one line for request 3' }), context)).toEqual({
      outcome: 'failed',
      message:
        'Hook "guard" worker broke the line protocol: printed more than one line for request 3; the worker was restarted',
    });
    expect(
      interpretReply(reply('answer', { stdout: '', notice: 'the previous worker was replaced: it …' }), context)
        .outputWarnings,
    ).toEqual(['the previous worker was replaced: it …']);
  });

  it('reports a timeout, an over-long line, a death with stderr, and a worker that could not start', () => {
    expect(interpretReply(reply('timeout'), context)).toMatchObject({
      outcome: 'timeout',
      message: 'Hook "guard" timed out after 500 ms',
    });
    expect(interpretReply(reply('overflow'), context)).toMatchObject({
      outcome: 'failed',
      message: 'Hook "guard" output was not used: stdout was truncated at 1024 bytes',
    });
    expect(
      interpretReply(reply('died', { exit: { exitCode: 3 }, stderr: Buffer.from('\nbye\nnow') }), context),
    ).toEqual({
      outcome: 'failed',
      exitCode: 3,
      message: 'Hook "guard" worker exited with code 3 before answering: bye',
      stderr: '\nbye\nnow',
    });
    expect(interpretReply(reply('died', { exit: { signal: 'SIGKILL' } }), context)).toMatchObject({
      signal: 'SIGKILL',
      message: 'Hook "guard" worker was killed by SIGKILL before answering',
    });
    expect(interpretReply(reply('died', { exit: { spawnError: 'spawn x ENOENT' } }), context)).toMatchObject({
      outcome: 'failed',
      message: 'Hook "guard" could not start its worker: spawn x ENOENT',
    });
  });

  it('says when stderr was cut or not UTF-8', () => {
    const fields = interpretReply(
      reply('answer', { stdout: '', stderr: Buffer.from([0xff]), stderrOverflow: true }),
      context,
    );
    expect(fields.outputWarnings).toEqual(['stderr is not valid UTF-8', 'stderr was truncated at 1024 bytes']);
  });

  it('turns refusals, the crash-loop guard and dispose into their outcomes', () => {
    expect(
      interpretReply(reply('refused', { refusedAs: 'untrusted', detail: 'Hook "guard" is not approved' }), context),
    ).toEqual({ outcome: 'untrusted', message: 'Hook "guard" is not approved' });
    expect(interpretReply(reply('crashing'), context)).toEqual({
      outcome: 'failed',
      message: 'Hook "guard" was not run: worker keeps crashing (3 exits within 60 s)',
    });
    expect(interpretReply(reply('disposed'), context)).toEqual({
      outcome: 'canceled',
      message: 'Hook "guard" was canceled: executor disposed',
    });
  });
});

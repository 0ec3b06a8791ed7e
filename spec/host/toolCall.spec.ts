import { describe, expect, it } from 'vitest';
import { callToolWithHooks } from '../../lib/host/toolCall.js';
import { executeToolWithHooks } from '../../lib/host/toolHooks.js';
import { beforeAgentWithHooks } from '../../lib/host/agentHooks.js';
import type { HookInput } from '../../lib/index.js';
import { KINDS, systemWith } from './hostHarness.js';

interface Rows {
  rows: Array<{ id: number; secret: string }>;
}
const rows: Rows = { rows: [{ id: 1, secret: 'AKIAABCDEFGHIJKLMNOP' }] };
/** A PromiseLike that is not a Promise, as some frameworks return. */
const thenable = <T>(value: T): PromiseLike<T> => ({
  then: (onFulfilled, onRejected) => Promise.resolve(value).then(onFulfilled, onRejected),
});

describe.each(KINDS)('callToolWithHooks with %s hooks', (kind) => {
  it('keeps the tool result typed; hooks see its JSON form', async () => {
    const seen: HookInput[] = [];
    const hooks =
      kind === 'function'
        ? systemWith('function', { AfterTool: [{ run: (input) => void seen.push(input) }] })
        : systemWith('command', { AfterTool: [{ output: {} }] });
    const run = await callToolWithHooks(hooks, 'query', { sql: 'select' }, () => thenable(rows), { toolCallId: 'c1' });
    expect(run).toMatchObject({ status: 'done', replaced: false, toolInput: { sql: 'select' } });
    expect(run.output).toBe(rows);
    if (kind === 'function') expect(seen[0]).toMatchObject({ tool_response: rows, tool_call_id: 'c1' });
  });

  it('an AfterTool tool_response replaces the result, decoded back into the tool type', async () => {
    const hooks = systemWith(kind, {
      AfterTool: [{ output: { hookSpecificOutput: { tool_response: { rows: [{ id: 1, secret: '[redacted]' }] } } } }],
    });
    const run = await callToolWithHooks(hooks, 'query', {}, () => rows);
    expect(run).toMatchObject({ status: 'done', replaced: true, output: { rows: [{ id: 1, secret: '[redacted]' }] } });
  });

  it('a non-object result travels as { result } and comes back unwrapped', async () => {
    const hooks = systemWith(kind, {
      AfterTool: [{ output: { hookSpecificOutput: { tool_response: { result: 42 } } } }],
    });
    const run = await callToolWithHooks(hooks, 'count', {}, () => 7);
    expect(run.output).toBe(42);
  });

  it('an AfterTool block withholds the result: the model reads the reason and the context', async () => {
    const hooks = systemWith(kind, {
      AfterTool: [
        { output: { decision: 'block', reason: 'the result holds a secret' } },
        { output: { hookSpecificOutput: { additionalContext: 'ask the user to rotate it' } } },
      ],
    });
    const run = await callToolWithHooks(hooks, 'query', {}, () => rows);
    expect(run).toMatchObject({
      status: 'blocked',
      blocked: { event: 'AfterTool', reason: 'the result holds a secret' },
      modelText: 'the result holds a secret\n\nask the user to rotate it',
    });
  });

  it('continue: false is a value, never a throw: BeforeTool stops before the tool runs', async () => {
    const hooks = systemWith(kind, { BeforeTool: [{ output: { continue: false, stopReason: 'budget spent' } }] });
    let ran = false;
    const run = await callToolWithHooks(hooks, 'query', {}, () => (ran = true));
    expect(ran).toBe(false);
    expect(run).toMatchObject({ status: 'stopped', stop: { event: 'BeforeTool', reason: 'budget spent' } });
  });

  it('an AfterTool stop keeps the result and says stop', async () => {
    const hooks = systemWith(kind, { AfterTool: [{ output: { continue: false, stopReason: 'review' } }] });
    const run = await callToolWithHooks(hooks, 'query', {}, () => rows);
    expect(run).toMatchObject({ status: 'done', output: rows, stop: { event: 'AfterTool', reason: 'review' } });
  });

  it('rewritten input is validated; a refusal never runs the tool and says why', async () => {
    const hooks = systemWith(kind, {
      BeforeTool: [{ output: { hookSpecificOutput: { tool_input: { limit: 'ten' } } } }],
    });
    let ran = false;
    const run = await callToolWithHooks(hooks, 'query', { limit: 10 }, () => (ran = true), {
      validateInput: (input) => {
        if (typeof input.limit !== 'number') throw new Error('limit: expected a number');
        return input;
      },
    });
    expect(ran).toBe(false);
    expect(run).toMatchObject({ status: 'invalid', blocked: { event: 'BeforeTool' } });
    expect(run.modelText).toBe(
      'the input a BeforeTool hook rewrote is not valid for "query": limit: expected a number',
    );
  });
});

describe('callToolWithHooks: failures and context', () => {
  it('a throwing tool is `failed` with its error; AfterTool sees { error, isError }', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', { AfterTool: [{ run: (input) => void seen.push(input) }] });
    const boom = new Error('ENOENT');
    const run = await callToolWithHooks(hooks, 'read', {}, () => {
      throw boom;
    });
    expect(run).toMatchObject({ status: 'failed', error: boom });
    expect((seen[0] as { tool_response?: unknown } | undefined)?.tool_response).toEqual({
      error: 'ENOENT',
      isError: true,
    });
  });

  it('a throwing tool fires PostToolUseFailure first; its context follows the error AfterTool and the model see', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', {
      PostToolUseFailure: [
        { run: (input) => (seen.push(input), { hookSpecificOutput: { additionalContext: 'retry with a path' } }) },
      ],
      AfterTool: [{ run: (input) => void seen.push(input) }],
    });
    const run = await callToolWithHooks(
      hooks,
      'read',
      { path: 'x' },
      () => {
        throw new Error('ENOENT');
      },
      { toolCallId: 'call-7' },
    );
    expect(run).toMatchObject({ status: 'failed', additionalContext: 'retry with a path' });
    expect(run.hookResults.failure?.additionalContext).toBe('retry with a path');
    expect(seen.map((input) => input.hook_event_name)).toEqual(['PostToolUseFailure', 'AfterTool']);
    expect(seen[0]).toMatchObject({
      tool_name: 'read',
      tool_input: { path: 'x' },
      error: 'ENOENT',
      tool_call_id: 'call-7',
    });
    expect((seen[1] as { tool_response?: unknown }).tool_response).toEqual({
      error: 'ENOENT\n\nretry with a path',
      isError: true,
    });
  });

  it('the call context sets session_id and transcript_path of this call only', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', { BeforeTool: [{ run: (input) => void seen.push(input) }] });
    await callToolWithHooks(hooks, 'read', {}, () => 'x', {
      context: { sessionId: 'thread-9', transcriptPath: '/tmp/t.jsonl' },
    });
    await callToolWithHooks(hooks, 'read', {}, () => 'x');
    expect(seen.map((input) => [input.session_id, input.transcript_path])).toEqual([
      ['thread-9', '/tmp/t.jsonl'],
      ['host-spec', ''],
    ]);
  });
});

describe.each(KINDS)('executeToolWithHooks: AfterTool replacement and withholding with %s hooks', (kind) => {
  const tool = () => ({ llmContent: 'key AKIAABCDEFGHIJKLMNOP', display: 'shown' });

  it('tool_response replaces what the model and the user see', async () => {
    const hooks = systemWith(kind, {
      AfterTool: [{ output: { hookSpecificOutput: { tool_response: { llmContent: 'key [redacted]' } } } }],
    });
    const outcome = await executeToolWithHooks(hooks, 'env', {}, tool);
    expect(outcome).toMatchObject({ llmContent: 'key [redacted]', display: 'key [redacted]', replaced: true });
    expect(outcome.result).toMatchObject({ llmContent: 'key [redacted]' });
  });

  it('an AfterTool block withholds the result; additionalContext still reaches the model', async () => {
    const hooks = systemWith(kind, {
      AfterTool: [
        { output: { decision: 'block', reason: 'secret', hookSpecificOutput: { additionalContext: 'rotate' } } },
      ],
    });
    const outcome = await executeToolWithHooks(hooks, 'env', {}, tool);
    expect(outcome).toMatchObject({
      llmContent: 'The result of tool "env" was withheld by a hook: secret\n\nrotate',
      isError: true,
      resultBlocked: { reason: 'secret' },
    });
    expect(outcome.blocked).toBeUndefined();
    expect(outcome.display).not.toContain('AKIA');
  });
});

describe('per-call context on the lifecycle wrappers', () => {
  it('beforeAgentWithHooks passes the call`s session id to its hooks', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', { BeforeAgent: [{ run: (input) => void seen.push(input) }] });
    await beforeAgentWithHooks(hooks, 'hello', { context: { sessionId: 'run-7' } });
    expect(seen[0]?.session_id).toBe('run-7');
  });
});

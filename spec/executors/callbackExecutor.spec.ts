/**
 * The callback leaf (lib/executors/callbackExecutor.ts): prompt, agent and mcp_tool hooks run through the host's
 * callbacks — what each callback receives, how each answer becomes a run record, and the run's life: timeout,
 * cancel, dispose, a throwing callback, and a callback the host did not give.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { CallbackHookConfig, HookEntry, HookRun } from '../../lib/model/types.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { EventName } from '../../lib/events/names.js';
import {
  createCallbackExecutor,
  type CallbackExecutor,
  type CallbackExecutorOptions,
} from '../../lib/executors/callbackExecutor.js';
import type { JudgeRequest, McpToolCall } from '../../lib/executors/callbackTypes.js';
import { withFailurePolicy } from '../../lib/executors/failurePolicy.js';
import type { StartRun } from '../../lib/executors/startRun.js';
import { createEntry, withId } from '../../lib/plan/createEntry.js';
import { beforeTool, sessionStart } from '../../lib/testing/inputs.js';
import { recordingLogger } from '../process/processHarness.js';

let lastId = 0;

/** A configured hook entry; `dialect` makes it a hook of that agent's file, configured under `native`. */
const hookEntry = (
  event: EventName,
  definition: CallbackHookConfig,
  dialect?: { id: 'claude'; native: string },
): HookEntry => {
  const entry = withId(createEntry(event, definition, { source: 'user' }).entry, ++lastId);
  if (dialect !== undefined) {
    entry.origin.dialect = dialect.id;
    entry.origin.nativeEvent = dialect.native;
  }
  return entry;
};

const runOf = (start: StartRun, hook: HookEntry, input: HookInput): Promise<HookRun> =>
  new Promise((resolve) => {
    start(hook, input, resolve, 1);
  });

const writeEnv = beforeTool('write_file', { file_path: '.env', content: 'KEY=1' });

describe('prompt hooks', () => {
  it('hands evaluatePrompt the prompt with $ARGUMENTS replaced by the input JSON, the model, the event and the hook', async () => {
    const requests: JudgeRequest<never>[] = [];
    const executor = createCallbackExecutor({
      evaluatePrompt: (request) => {
        requests.push(request as JudgeRequest<never>);
        return { ok: true };
      },
    });
    const hook = hookEntry('BeforeTool', {
      type: 'prompt',
      prompt: 'Is this safe? $ARGUMENTS (again: $ARGUMENTS)',
      model: 'small-judge',
      name: 'judge',
    });
    const run = await runOf(executor.start, hook, writeEnv);
    expect(run).toMatchObject({ name: 'judge', outcome: 'success', source: 'user', stdout: '{"ok":true}' });
    expect(run.output).toBeUndefined();
    const [request] = requests;
    const json = JSON.stringify(writeEnv);
    expect(request?.prompt).toBe(`Is this safe? ${json} (again: ${json})`);
    expect(request).toMatchObject({ model: 'small-judge', event: 'BeforeTool', input: writeEnv });
    expect(request?.hook).toMatchObject({ name: 'judge', source: 'user', definition: hook.definition });
    expect(request?.signal.aborted).toBe(false);
  });

  it('appends the input JSON to a prompt without $ARGUMENTS, and keeps $ patterns in the JSON as text', async () => {
    let prompt = '';
    const executor = createCallbackExecutor({
      evaluatePrompt: (request) => {
        prompt = request.prompt;
        return { ok: true };
      },
    });
    const input = beforeTool('bash', { command: "echo '$&' \"$'\"" });
    await runOf(executor.start, hookEntry('BeforeTool', { type: 'prompt', prompt: 'Judge this call.' }), input);
    expect(prompt).toBe(`Judge this call.\n\n${JSON.stringify(input)}`);
  });

  it('blocks with the reason when the judge answers ok: false, and passes context and messages on', async () => {
    const executor = createCallbackExecutor({
      evaluatePrompt: async () => ({
        ok: false,
        reason: '.env holds secrets',
        additionalContext: 'write config/ instead',
        systemMessage: 'a judge refused',
      }),
    });
    const run = await runOf(executor.start, hookEntry('BeforeTool', { type: 'prompt', prompt: 'p' }), writeEnv);
    expect(run.outcome).toBe('blocked');
    expect(run.message).toBe('.env holds secrets');
    expect(run.output).toEqual({
      decision: 'block',
      reason: '.env holds secrets',
      systemMessage: 'a judge refused',
      hookSpecificOutput: { additionalContext: 'write config/ instead' },
    });
  });

  it('makes ok: false a warning on an event that cannot block, and says so', async () => {
    const executor = createCallbackExecutor({ evaluatePrompt: () => ({ ok: false, reason: 'not now' }) });
    const hook = hookEntry('SessionStart', { type: 'prompt', prompt: 'p', name: 'greeter' });
    const run = await runOf(executor.start, hook, sessionStart());
    expect(run.outcome).toBe('warning');
    expect(run.message).toBe('Hook "greeter" answered ok: false, but SessionStart cannot be blocked: not now');
  });

  it("gives a Claude Code hook its agent's input, and a generic reason with a warning when ok: false has none", async () => {
    let input: Readonly<Record<string, unknown>> = {};
    const executor = createCallbackExecutor({
      evaluatePrompt: (request) => {
        input = request.input;
        return { ok: false };
      },
    });
    const hook = hookEntry(
      'BeforeTool',
      { type: 'prompt', prompt: '$ARGUMENTS', name: 'judge' },
      { id: 'claude', native: 'PreToolUse' },
    );
    const run = await runOf(executor.start, hook, writeEnv);
    expect(input.hook_event_name).toBe('PreToolUse');
    expect(run).toMatchObject({ outcome: 'blocked', message: 'Hook "judge" answered ok: false' });
    expect(run.outputWarnings).toEqual(['ok: false without a reason']);
  });

  it('fails a hook whose judge answers something other than { ok: boolean }, and drops fields of the wrong type', async () => {
    const answers: unknown[] = ['yes', { ok: 'true' }, { ok: true, reason: 3 }];
    const executor = createCallbackExecutor({ evaluatePrompt: () => answers.shift() as never });
    const hook = hookEntry('BeforeTool', { type: 'prompt', prompt: 'p', name: 'judge' });
    expect(await runOf(executor.start, hook, writeEnv)).toMatchObject({
      outcome: 'failed',
      message: 'Hook "judge" answered "yes"; expected { ok: boolean, reason?: string }',
    });
    expect((await runOf(executor.start, hook, writeEnv)).outcome).toBe('failed');
    const third = await runOf(executor.start, hook, writeEnv);
    expect(third.outcome).toBe('success');
    expect(third.outputWarnings).toEqual(['field "reason": expected a string, received 3; ignored']);
  });
});

describe('agent hooks', () => {
  it('run through runAgentHook with the same request and answer', async () => {
    const seen: string[] = [];
    const executor = createCallbackExecutor({
      evaluatePrompt: () => {
        throw new Error('not the prompt callback');
      },
      runAgentHook: async ({ prompt, hook }) => {
        seen.push(`${hook.definition.type}: ${prompt}`);
        return { ok: false, reason: 'tests fail' };
      },
    });
    const hook = hookEntry('AfterAgent', { type: 'agent', prompt: 'Verify the work.' });
    const input = { hook_event_name: 'AfterAgent', prompt: 'p', prompt_response: 'done', stop_hook_active: false };
    const run = await runOf(executor.start, hook, input as unknown as HookInput);
    expect(seen).toEqual([`agent: Verify the work.\n\n${JSON.stringify(input)}`]);
    expect(run).toMatchObject({ outcome: 'blocked', message: 'tests fail' });
  });
});

describe('mcp_tool hooks', () => {
  const scan = (input?: Record<string, unknown>): CallbackHookConfig => ({
    type: 'mcp_tool',
    server: 'semgrep',
    tool: 'scan_file',
    name: 'scan',
    ...(input && { input }),
  });

  it('resolves ${path} references in the input from the hook input; a missing one is empty, none is evaluated', async () => {
    const calls: McpToolCall[] = [];
    const executor = createCallbackExecutor({
      callMcpTool: (call) => {
        calls.push(call);
        return { content: [] };
      },
    });
    const hook = hookEntry(
      'BeforeTool',
      scan({
        path: '${tool_input.file_path}',
        note: 'session ${session_id}: ${tool_input.missing}!',
        limit: '${tool_input.limit}',
        nested: ['${tool_name}', { proto: '${constructor}', code: '${process.exit(1)}' }],
      }),
    );
    const input = beforeTool('write_file', { file_path: 'src/a.ts', limit: 5 });
    const run = await runOf(executor.start, hook, input);
    expect(run.outcome).toBe('success');
    expect(calls[0]).toMatchObject({ server: 'semgrep', tool: 'scan_file', event: 'BeforeTool' });
    expect(calls[0]?.arguments).toEqual({
      path: 'src/a.ts',
      note: 'session test-session: !',
      limit: 5,
      nested: ['write_file', { proto: '', code: '${process.exit(1)}' }],
    });
    // The hook's own definition is untouched.
    expect((hook.definition as { input: Record<string, unknown> }).input.path).toBe('${tool_input.file_path}');
  });

  it("reads the tool's text as a command hook's stdout: JSON output blocks, plain text is a system message", async () => {
    const texts = ['{"decision":"block","reason":"finding: hard-coded key"}', 'no findings'];
    const executor = createCallbackExecutor({
      callMcpTool: () => ({ content: [{ type: 'text', text: texts.shift() ?? '' }] }),
    });
    const hook = hookEntry('BeforeTool', scan());
    expect(await runOf(executor.start, hook, writeEnv)).toMatchObject({
      outcome: 'blocked',
      message: 'finding: hard-coded key',
      command: 'mcp_tool: semgrep/scan_file',
    });
    expect((await runOf(executor.start, hook, writeEnv)).output).toEqual({
      decision: 'allow',
      systemMessage: 'no findings',
    });
  });

  it("reads it the hook's agent's way (Claude ignores plain text on PreToolUse) and falls back to structured content", async () => {
    const results = [
      { content: [{ type: 'text', text: 'looks fine' }] },
      { structuredContent: { decision: 'block', reason: 'no' } },
    ];
    const executor = createCallbackExecutor({ callMcpTool: () => results.shift() ?? {} });
    const hook = hookEntry('BeforeTool', scan(), { id: 'claude', native: 'PreToolUse' });
    const plain = await runOf(executor.start, hook, writeEnv);
    expect(plain.outcome).toBe('success');
    expect(plain.output).toBeUndefined();
    expect((await runOf(executor.start, hook, writeEnv)).outcome).toBe('blocked');
  });

  it('fails on an error result, a result that is not one, and text past the output cap', async () => {
    const results: unknown[] = [
      { isError: true, content: [{ type: 'text', text: 'Error: server not connected' }] },
      'nothing',
      { content: [{ type: 'text', text: 'x'.repeat(64) }] },
    ];
    const executor = createCallbackExecutor({ maxOutputBytes: 32, callMcpTool: () => results.shift() as never });
    const hook = hookEntry('BeforeTool', scan());
    expect((await runOf(executor.start, hook, writeEnv)).message).toBe(
      'Hook "scan" got an error from MCP tool semgrep/scan_file: Error: server not connected',
    );
    expect((await runOf(executor.start, hook, writeEnv)).message).toBe(
      'Hook "scan" got "nothing" from MCP tool semgrep/scan_file; expected a CallToolResult',
    );
    const capped = await runOf(executor.start, hook, writeEnv);
    expect(capped).toMatchObject({ outcome: 'failed' });
    expect(capped.message).toBe(
      'Hook "scan" output was not used: MCP tool semgrep/scan_file returned more than 32 bytes of text',
    );
  });
});

describe('a hook without its callback', () => {
  it('is skipped, and said once per type: a warning line on the first run of its type and one log line', async () => {
    const { logger, lines } = recordingLogger();
    const executor = createCallbackExecutor({ logger });
    const hook = hookEntry('BeforeTool', { type: 'prompt', prompt: 'p', name: 'judge' });
    const first = await runOf(executor.start, hook, writeEnv);
    const second = await runOf(executor.start, hook, writeEnv);
    expect(first).toMatchObject({
      outcome: 'skipped',
      message: 'Hook "judge" skipped: prompt hooks need a host callback, createHookSystem({ evaluatePrompt })',
    });
    expect(first.outputWarnings).toEqual([
      'skipped: prompt hooks need a host callback, createHookSystem({ evaluatePrompt }) (said once)',
    ]);
    expect(second.outcome).toBe('skipped');
    expect(second.outputWarnings).toBeUndefined();
    const another = await runOf(executor.start, hookEntry('BeforeTool', { type: 'prompt', prompt: 'q' }), writeEnv);
    expect(another.outcome).toBe('skipped');
    expect(another.outputWarnings).toBeUndefined();
    const mcp = await runOf(
      executor.start,
      hookEntry('BeforeTool', { type: 'mcp_tool', server: 's', tool: 't' }),
      writeEnv,
    );
    expect(mcp.message).toContain('mcp_tool hooks need a host callback, createHookSystem({ callMcpTool })');
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'Hook "judge" skipped: prompt hooks need a host callback, createHookSystem({ evaluatePrompt }); said once',
      'Hook "mcp_tool: s/t" skipped: mcp_tool hooks need a host callback, createHookSystem({ callMcpTool }); said once',
    ]);
  });

  it('fails every time when it is required: the failure policy then blocks', async () => {
    const start = withFailurePolicy(createCallbackExecutor({}).start, 'block');
    const hook = hookEntry('BeforeTool', { type: 'agent', prompt: 'p', name: 'verifier', required: true });
    for (let round = 0; round < 2; round++) {
      const run = await runOf(start, hook, writeEnv);
      expect(run.outcome).toBe('blocked');
      expect(run.message).toBe(
        'Hook "verifier" failed (required): cannot run: agent hooks need a host callback, createHookSystem({ runAgentHook })',
      );
    }
  });
});

describe('the life of a run', () => {
  const pending = (options: CallbackExecutorOptions, signals: AbortSignal[]): CallbackExecutor =>
    createCallbackExecutor(
      Object.assign(
        {
          evaluatePrompt: ({ signal }: { signal: AbortSignal }) => {
            signals.push(signal);
            return new Promise<never>(() => undefined);
          },
        },
        options,
      ),
    );

  it("times out at the hook's timeout and aborts the callback's signal", () => {
    const scheduler = new VirtualTimeScheduler();
    const signals: AbortSignal[] = [];
    const executor = pending({ scheduler }, signals);
    const runs: HookRun[] = [];
    executor.start(
      hookEntry('BeforeTool', { type: 'prompt', prompt: 'p', name: 'slow', timeout: 250 }),
      writeEnv,
      (run) => runs.push(run),
      1,
    );
    expect(runs).toEqual([]);
    scheduler.flush();
    expect(runs).toMatchObject([
      { outcome: 'timeout', message: 'Hook "slow" timed out after 250 ms', durationMs: 250 },
    ]);
    expect(signals[0]?.aborted).toBe(true);
    expect((signals[0]?.reason as Error).name).toBe('TimeoutError');
  });

  it('uses the default timeout when the hook sets none', () => {
    const scheduler = new VirtualTimeScheduler();
    const runs: HookRun[] = [];
    pending({ scheduler, defaultTimeoutMs: 1234 }, []).start(
      hookEntry('BeforeTool', { type: 'prompt', prompt: 'p', name: 'slow' }),
      writeEnv,
      (run) => runs.push(run),
      1,
    );
    scheduler.flush();
    expect(runs[0]?.message).toBe('Hook "slow" timed out after 1234 ms');
  });

  it('aborts the signal when the run is cancelled, and reports nothing', async () => {
    const signals: AbortSignal[] = [];
    const runs: HookRun[] = [];
    const cancel = pending({}, signals).start(
      hookEntry('BeforeTool', { type: 'prompt', prompt: 'p' }),
      writeEnv,
      (run) => runs.push(run),
      1,
    );
    cancel?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(signals[0]?.aborted).toBe(true);
    expect(runs).toEqual([]);
  });

  it('ends running callbacks on dispose (canceled) and refuses later runs', async () => {
    const signals: AbortSignal[] = [];
    const executor = pending({}, signals);
    const hook = hookEntry('BeforeTool', { type: 'prompt', prompt: 'p', name: 'judge' });
    const running = runOf(executor.start, hook, writeEnv);
    executor.dispose();
    expect(await running).toMatchObject({
      outcome: 'canceled',
      message: 'Hook "judge" was canceled: executor disposed',
    });
    expect(signals[0]?.aborted).toBe(true);
    expect(await runOf(executor.start, hook, writeEnv)).toMatchObject({
      outcome: 'failed',
      message: 'Hook "judge" cannot run: executor disposed',
    });
  });

  it('fails a run whose callback throws or rejects: open by default, blocking under failurePolicy block', async () => {
    const executor = createCallbackExecutor({
      evaluatePrompt: () => {
        throw new Error('model unavailable');
      },
      callMcpTool: () => Promise.reject(new Error('connection reset')),
    });
    const judge = hookEntry('BeforeTool', { type: 'prompt', prompt: 'p', name: 'judge' });
    expect(await runOf(executor.start, judge, writeEnv)).toMatchObject({
      outcome: 'failed',
      message: 'Hook "judge" got no answer: evaluatePrompt failed: model unavailable',
    });
    const strict = hookEntry('BeforeTool', {
      type: 'mcp_tool',
      server: 's',
      tool: 't',
      name: 'scan',
      failurePolicy: 'block',
    });
    const run = await runOf(withFailurePolicy(executor.start, 'block'), strict, writeEnv);
    expect(run).toMatchObject({ outcome: 'blocked', strictFailure: 'failed' });
    expect(run.message).toBe('Hook "scan" failed (strict): got no answer: callMcpTool failed: connection reset');
  });

  it('settles a synchronous answer in the same tick', () => {
    const executor = createCallbackExecutor({ evaluatePrompt: () => ({ ok: true }) });
    const runs: HookRun[] = [];
    const cancel = executor.start(
      hookEntry('BeforeTool', { type: 'prompt', prompt: 'p' }),
      writeEnv,
      (run) => runs.push(run),
      1,
    );
    expect(cancel).toBeUndefined();
    expect(runs.map((run) => run.outcome)).toEqual(['success']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, from, NEVER, Observable, toArray } from 'rxjs';
import {
  createHookSystem,
  InvalidEventInputError,
  UnknownEventError,
  HookSystemDisposedError,
  type HookSystem,
  type HookOutput,
  type HookActivity,
  type FunctionHook,
  type FunctionHookReturn,
} from '../../lib/index.js';
import { BeforeToolHookOutput } from '../../lib/seed/index.js';

const systems: HookSystem[] = [];
const system = (options: Parameters<typeof createHookSystem>[0] = {}): HookSystem => {
  const created = createHookSystem({ projectDir: '/tmp', sessionId: 'spec', ...options });
  systems.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(systems.splice(0).map((s) => s.dispose()));
});

const fn = (name: string, output: HookOutput | ((input: never) => FunctionHookReturn)): FunctionHook<never> => ({
  type: 'function',
  name,
  run: typeof output === 'function' ? output : () => output,
});

const writeEtc = { tool_name: 'write_file', tool_input: { path: '/etc/passwd', content: 'x' } };

describe('createHookSystem: fire', () => {
  it('returns the fast-path result when no hook is registered, with the original tool input', async () => {
    const hooks = system();
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(result).toMatchObject({ event: 'BeforeTool', blocked: false, stopped: false, hooks: [], success: true });
    expect(result.toolInput).toBe(writeEtc.tool_input);
  });

  it('blocks a write to /etc with a function hook, and the reason reaches the host', async () => {
    const hooks = system();
    hooks.register(
      'BeforeTool',
      fn('protect-etc', () => ({ decision: 'deny', reason: 'Writing to /etc is prohibited' })),
      { matcher: 'write_file' },
    );
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'Writing to /etc is prohibited' });
    expect(result.hooks).toHaveLength(1);
    expect(result.hooks[0]).toMatchObject({ name: 'protect-etc', source: 'runtime', outcome: 'blocked' });
    expect(result.aggregated.finalOutput).toBeInstanceOf(BeforeToolHookOutput);
    expect(result.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
  });

  it('does not run a hook whose matcher does not match the tool name', async () => {
    const hooks = system();
    let ran = 0;
    hooks.register(
      'BeforeTool',
      fn('only-shell', () => {
        ran++;
      }),
      { matcher: '^run_shell' },
    );
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(ran).toBe(0);
    expect(result.hooks).toEqual([]);
  });

  it('accepts aliases and reports unknown events and malformed input as errors, running nothing', async () => {
    const hooks = system();
    let ran = 0;
    hooks.register(
      'PreToolUse',
      fn('count', () => {
        ran++;
      }),
    );
    await expect(hooks.fire('PreToolUse', writeEtc)).resolves.toMatchObject({ event: 'BeforeTool' });
    await expect(hooks.fire('NoSuchEvent', {})).rejects.toBeInstanceOf(UnknownEventError);
    const bad = hooks.fire('BeforeTool', { tool_name: 42, tool_input: {} });
    await expect(bad).rejects.toBeInstanceOf(InvalidEventInputError);
    await expect(bad).rejects.toThrow(/tool_name/);
    await expect(bad).rejects.toThrow(/string/);
    expect(ran).toBe(1);
  });

  it('fills in the base fields of the input a hook receives', async () => {
    const hooks = system({ transcriptPath: '/tmp/t.jsonl' });
    let seen: unknown;
    hooks.register('SessionStart', {
      type: 'function',
      name: 'capture',
      run: (input) => {
        seen = input;
      },
    });
    await hooks.fire('SessionStart', { source: 'startup' });
    expect(seen).toMatchObject({
      session_id: 'spec',
      cwd: '/tmp',
      transcript_path: '/tmp/t.jsonl',
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    expect(Date.parse((seen as { timestamp: string }).timestamp)).not.toBeNaN();
  });

  it('fails open when a function hook throws, rejects or errors, with one warning line each', async () => {
    const hooks = system();
    hooks.register(
      'AfterTool',
      fn('throws', () => {
        throw new Error('boom');
      }),
    );
    hooks.register(
      'AfterTool',
      fn('rejects', () => Promise.reject(new Error('nope'))),
    );
    hooks.register(
      'AfterTool',
      fn(
        'errors',
        () =>
          new Observable((s) => {
            s.error(new Error('bad stream'));
          }),
      ),
    );
    const result = await hooks.fire('AfterTool', { ...writeEtc, tool_response: { ok: true } });
    expect(result.blocked).toBe(false);
    expect(result.success).toBe(false);
    expect(result.hooks.map((h) => h.outcome)).toEqual(['failed', 'failed', 'failed']);
    expect(result.warnings).toHaveLength(3);
    expect(result.warnings.join('\n')).toMatch(/boom[\s\S]*nope[\s\S]*bad stream/);
  });

  it('blocks when a strict function hook fails', async () => {
    const hooks = system();
    hooks.register('BeforeTool', {
      ...fn('strict', () => {
        throw new Error('policy store down');
      }),
      failurePolicy: 'block',
    });
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/strict/);
    expect(result.reason).toMatch(/policy store down/);
  });

  it('counts an Observable hook by its last value', async () => {
    const hooks = system();
    hooks.register(
      'AfterTool',
      fn('stream', () => from([{ systemMessage: 'first' }, { systemMessage: 'last' }] as HookOutput[])),
    );
    const result = await hooks.fire('AfterTool', { ...writeEtc, tool_response: {} });
    expect(result.systemMessage).toBe('last');
  });
});

describe('createHookSystem: aggregation per event', () => {
  it('BeforeTool: OR-decision; messages joined in plan order; allow + block → blocked (functional spec §8.1)', async () => {
    const hooks = system();
    hooks.register('BeforeTool', fn('A', { decision: 'allow', systemMessage: 'a' }));
    hooks.register('BeforeTool', fn('B', { decision: 'block', reason: 'Policy violation', systemMessage: 'b' }));
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(result).toMatchObject({
      blocked: true,
      decision: 'block',
      reason: 'Policy violation',
      systemMessage: 'a\nb',
    });
  });

  it('BeforeTool: parallel tool_input patches are shallow-merged onto the original in plan order', async () => {
    const hooks = system();
    hooks.register('BeforeTool', fn('A', { hookSpecificOutput: { tool_input: { path: '/safe/a', mode: 'w' } } }));
    hooks.register('BeforeTool', fn('B', { hookSpecificOutput: { tool_input: { path: '/safe/b' } } }));
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(result.toolInput).toEqual({ path: '/safe/b', content: 'x', mode: 'w' });
    expect(writeEtc.tool_input.path).toBe('/etc/passwd');
  });

  it('BeforeTool: a compatibility-only permissionDecision block is honoured with other hooks present', async () => {
    const hooks = system();
    hooks.register('BeforeTool', fn('A', { decision: 'allow' }));
    hooks.register(
      'BeforeTool',
      fn('B', { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'compat' } }),
    );
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(result).toMatchObject({ blocked: true, reason: 'compat' });
  });

  it('AfterTool: additionalContext joined, suppressOutput OR, stop reasons joined', async () => {
    const hooks = system();
    hooks.register('AfterTool', fn('A', { hookSpecificOutput: { additionalContext: 'ctx A' }, suppressOutput: true }));
    hooks.register(
      'AfterTool',
      fn('B', { hookSpecificOutput: { additionalContext: 'ctx B' }, continue: false, stopReason: 'enough' }),
    );
    hooks.register('AfterTool', fn('C', { continue: false, stopReason: 'really' }));
    const result = await hooks.fire('AfterTool', { ...writeEtc, tool_response: { ok: true } });
    expect(result).toMatchObject({
      additionalContext: 'ctx A\nctx B',
      suppressOutput: true,
      stopped: true,
      stopReason: 'enough\nreally',
      blocked: false,
    });
  });

  it('BeforeModel: later hook wins per field in plan order, config merged (§8.1 parallel)', async () => {
    const hooks = system();
    const llm_request = {
      model: 'm',
      messages: [{ role: 'user' as const, content: 'hi' }],
      config: { temperature: 0.5, topK: 3 },
    };
    hooks.register(
      'BeforeModel',
      fn('A', async () => {
        await new Promise((r) => setTimeout(r, 20));
        return { hookSpecificOutput: { llm_request: { config: { temperature: 0.0 } } } };
      }),
    );
    hooks.register('BeforeModel', fn('B', { hookSpecificOutput: { llm_request: { config: { temperature: 1.0 } } } }));
    const result = await hooks.fire('BeforeModel', { llm_request });
    expect(result.llmRequest).toEqual({ ...llm_request, config: { temperature: 1.0, topK: 3 } });
  });

  it('BeforeModel: blocking is sticky — a later allow does not cancel a deny', async () => {
    const hooks = system();
    hooks.register(
      'BeforeModel',
      fn('policy', {
        decision: 'deny',
        reason: 'no model calls now',
        hookSpecificOutput: { llm_response: { text: 'synthetic' } },
      }),
    );
    hooks.register('BeforeModel', fn('later', { decision: 'allow' }));
    const result = await hooks.fire('BeforeModel', { llm_request: { messages: [] } });
    expect(result).toMatchObject({
      blocked: true,
      decision: 'deny',
      reason: 'no model calls now',
      llmResponse: { text: 'synthetic' },
    });
  });

  it('AfterModel: the last writer of llm_response wins; the original passes through otherwise', async () => {
    const hooks = system();
    const fields = { llm_request: { messages: [] }, llm_response: { text: 'secret AKIA0000' } };
    expect((await hooks.fire('AfterModel', fields)).llmResponse).toEqual(fields.llm_response);
    hooks.register('AfterModel', fn('A', { hookSpecificOutput: { llm_response: { text: 'first' } } }));
    hooks.register('AfterModel', fn('B', { hookSpecificOutput: { llm_response: { text: 'redacted' } } }));
    expect((await hooks.fire('AfterModel', fields)).llmResponse).toEqual({ text: 'redacted' });
  });

  it('BeforeToolSelection: NONE beats an allow-list and empties it (§8.1)', async () => {
    const hooks = system();
    hooks.register('BeforeToolSelection', fn('A', { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } }));
    hooks.register(
      'BeforeToolSelection',
      fn('B', {
        hookSpecificOutput: { toolConfig: { mode: 'AUTO', allowedFunctionNames: ['read_file', 'write_file'] } },
      }),
    );
    const result = await hooks.fire('BeforeToolSelection', { llm_request: { messages: [] } });
    expect(result.toolConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
  });

  it('BeforeToolSelection: names unioned and sorted; ANY beats AUTO; intersection on request', async () => {
    const outputs = [
      { hookSpecificOutput: { toolConfig: { mode: 'AUTO' as const, allowedFunctionNames: ['read_file', 'glob'] } } },
      { hookSpecificOutput: { toolConfig: { mode: 'ANY' as const, allowedFunctionNames: ['read_file', 'grep'] } } },
    ];
    const union = system();
    const intersection = system({ toolSelection: 'intersection' });
    for (const hooks of [union, intersection])
      outputs.forEach((o, i) => hooks.register('BeforeToolSelection', fn(`h${i}`, o)));
    const fields = { llm_request: { messages: [] } };
    expect((await union.fire('BeforeToolSelection', fields)).toolConfig).toEqual({
      mode: 'ANY',
      allowedFunctionNames: ['glob', 'grep', 'read_file'],
    });
    expect((await intersection.fire('BeforeToolSelection', fields)).toolConfig).toEqual({
      mode: 'ANY',
      allowedFunctionNames: ['read_file'],
    });
  });

  it('ask beats allow but loses to block', async () => {
    const hooks = system();
    hooks.register('BeforeTool', fn('allow', { decision: 'approve' }));
    hooks.register('BeforeTool', fn('ask', { decision: 'ask', reason: 'confirm?' }));
    expect(await hooks.fire('BeforeTool', writeEtc)).toMatchObject({ decision: 'ask', blocked: false });
    hooks.register('BeforeTool', fn('block', { decision: 'block', reason: 'no' }));
    expect(await hooks.fire('BeforeTool', writeEtc)).toMatchObject({ decision: 'block', blocked: true, reason: 'no' });
  });

  it('drops a wrong-typed output field with a warning and applies the rest', async () => {
    const hooks = system();
    hooks.register('AfterTool', fn('sloppy', { suppressOutput: 'yes' as never, systemMessage: 'kept' }));
    const result = await hooks.fire('AfterTool', { ...writeEtc, tool_response: {} });
    expect(result.systemMessage).toBe('kept');
    expect(result.suppressOutput).toBe(false);
    expect(result.warnings).toEqual([expect.stringMatching(/sloppy.*suppressOutput.*boolean.*"yes"/)]);
  });
});

describe('createHookSystem: sequential chaining', () => {
  it('BeforeTool: each hook sees the previous tool_input; the final input is the chain result', async () => {
    const hooks = system();
    const seen: unknown[] = [];
    const step = (name: string, patch: Record<string, unknown>) =>
      fn(name, (input: unknown) => {
        seen.push((input as { tool_input: unknown }).tool_input);
        return { hookSpecificOutput: { tool_input: patch } };
      });
    hooks.register('BeforeTool', step('one', { path: '/tmp/1' }), { sequential: true });
    hooks.register('BeforeTool', step('two', { content: 'y' }));
    hooks.register('BeforeTool', step('three', { extra: true }));
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(seen).toEqual([
      { path: '/etc/passwd', content: 'x' },
      { path: '/tmp/1', content: 'x' },
      { path: '/tmp/1', content: 'y' },
    ]);
    expect(result.toolInput).toEqual({ path: '/tmp/1', content: 'y', extra: true });
  });

  it('BeforeModel: hook B sees hook A’s temperature (§8.1 sequential)', async () => {
    const hooks = system();
    let seenByB: unknown;
    hooks.register('BeforeModel', fn('A', { hookSpecificOutput: { llm_request: { config: { temperature: 0 } } } }), {
      sequential: true,
    });
    hooks.register(
      'BeforeModel',
      fn('B', (input: unknown) => void (seenByB = (input as { llm_request: { config: unknown } }).llm_request.config)),
    );
    await hooks.fire('BeforeModel', { llm_request: { messages: [], config: { temperature: 0.7, topP: 1 } } });
    expect(seenByB).toEqual({ temperature: 0, topP: 1 });
  });

  it('BeforeAgent: additionalContext is appended to the next hook’s prompt', async () => {
    const hooks = system();
    let prompt: unknown;
    hooks.register('BeforeAgent', fn('ctx', { hookSpecificOutput: { additionalContext: 'Sprint 42' } }), {
      sequential: true,
    });
    hooks.register(
      'BeforeAgent',
      fn('read', (input: unknown) => void (prompt = (input as { prompt: string }).prompt)),
    );
    const result = await hooks.fire('BeforeAgent', { prompt: 'fix the bug' });
    expect(prompt).toBe('fix the bug\n\nSprint 42');
    expect(result.additionalContext).toBe('Sprint 42');
  });

  it('a block ends the chain; later hooks are skipped and never run', async () => {
    const hooks = system();
    let ran = false;
    hooks.register('BeforeTool', fn('gate', { decision: 'block', reason: 'stop here' }), { sequential: true });
    hooks.register(
      'BeforeTool',
      fn('after', () => void (ran = true)),
    );
    const result = await hooks.fire('BeforeTool', writeEtc);
    expect(ran).toBe(false);
    expect(result.hooks.map((h) => h.outcome)).toEqual(['blocked', 'skipped']);
    expect(result.reason).toBe('stop here');
  });
});

describe('createHookSystem: streams, registration, lifecycle', () => {
  it('decide emits one result per event, in order, inside an rxjs pipeline', async () => {
    const hooks = system();
    hooks.register(
      'BeforeTool',
      fn('etc', async (input: unknown) => {
        const { tool_input } = input as { tool_input: { path: string } };
        await new Promise((r) => setTimeout(r, tool_input.path === '/etc/hosts' ? 30 : 1));
        return tool_input.path.startsWith('/etc/')
          ? { decision: 'deny', reason: `${tool_input.path} is protected` }
          : {};
      }),
    );
    const calls = [
      { tool_name: 'write_file', tool_input: { path: '/etc/hosts' } },
      { tool_name: 'write_file', tool_input: { path: '/tmp/ok' } },
      { tool_name: 'read_file', tool_input: { path: '/etc/passwd' } },
    ];
    const results = await firstValueFrom(from(calls).pipe(hooks.decide('BeforeTool'), toArray()));
    expect(results.map((r) => r.blocked)).toEqual([true, false, true]);
    expect(results[0]?.reason).toBe('/etc/hosts is protected');
  });

  it('results$ reports a start and a finish record per hook run', async () => {
    const hooks = system();
    const records: HookActivity[] = [];
    hooks.results$.subscribe((r) => records.push(r));
    hooks.register('Notification', fn('n', {}));
    await hooks.fire('Notification', { notification_type: 'idle', message: 'hi' });
    expect(records.map((r) => r.type)).toEqual(['start', 'finish']);
    expect(records[1]).toMatchObject({
      event: 'Notification',
      hook: 'n',
      source: 'runtime',
      run: { outcome: 'success' },
    });
  });

  it('unsubscribing from fire$ aborts the function hook’s signal', async () => {
    const hooks = system();
    let signal: AbortSignal | undefined;
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'slow',
      run: (_input, ctx) => {
        signal = ctx.signal;
        return NEVER;
      },
    });
    const subscription = hooks.fire$('BeforeTool', writeEtc).subscribe();
    await new Promise((r) => setTimeout(r, 5));
    expect(signal?.aborted).toBe(false);
    subscription.unsubscribe();
    expect(signal?.aborted).toBe(true);
  });

  it('unregister removes a hook; register validates', async () => {
    const hooks = system();
    const registration = hooks.register('BeforeTool', fn('b', { decision: 'block' }));
    expect((await hooks.fire('BeforeTool', writeEtc)).blocked).toBe(true);
    expect(registration.unregister()).toBe(true);
    expect((await hooks.fire('BeforeTool', writeEtc)).blocked).toBe(false);
    expect(() => hooks.register('BeforeTool', { type: 'function', name: '', run: () => undefined })).toThrow(/name/);
    expect(() => hooks.register('Bogus', fn('x', {}))).toThrow(UnknownEventError);
  });

  it('fire() sees a hook registered after the same event and tool were answered without one', async () => {
    const hooks = system();
    hooks.register('BeforeTool', fn('shell', { decision: 'block' }), { matcher: '^run_shell_command$' });
    expect((await hooks.fire('BeforeTool', writeEtc)).blocked).toBe(false);
    const registration = hooks.register('BeforeTool', fn('write', { decision: 'block' }), {
      matcher: writeEtc.tool_name,
    });
    expect((await hooks.fire('BeforeTool', writeEtc)).blocked).toBe(true);
    registration.unregister();
    expect((await hooks.fire('BeforeTool', writeEtc)).blocked).toBe(false);
  });

  it('tools.enableHooks defaults to false: configured hooks are not evaluated', async () => {
    const settings = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'exit 2' }] }] } };
    const off = system({ settings });
    expect(off.enabled).toBe(false);
    expect((await off.fire('BeforeTool', writeEtc)).hooks).toEqual([]);
  });

  it('reload swaps the plan; an event in flight finishes on its old plan', async () => {
    const hooks = system({ settings: { tools: { enableHooks: true }, hooks: {} } });
    let release!: () => void;
    hooks.register(
      'BeforeTool',
      fn(
        'slow',
        () =>
          new Promise<HookOutput>(
            (r) =>
              (release = () => {
                r({ systemMessage: 'old plan' });
              }),
          ),
      ),
    );
    const inFlight = hooks.fire('BeforeTool', writeEtc);
    await hooks.reload({ tools: { enableHooks: false } });
    release();
    expect((await inFlight).systemMessage).toBe('old plan');
    expect((await hooks.fire('BeforeTool', writeEtc)).hooks).toEqual([]);
  });

  it('dispose completes results$ and refuses later fires', async () => {
    const hooks = system();
    const done = firstValueFrom(hooks.results$.pipe(toArray()));
    await hooks.dispose();
    await expect(done).resolves.toEqual([]);
    await expect(hooks.fire('BeforeTool', writeEtc)).rejects.toBeInstanceOf(HookSystemDisposedError);
  });
});

describe('createHookSystem: dispose with events in flight', () => {
  it('cancels running hooks and rejects their fire with HookSystemDisposedError', async () => {
    const hooks = system();
    let signal: AbortSignal | undefined;
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'forever',
      run: (_input, ctx) => {
        signal = ctx.signal;
        return NEVER;
      },
    });
    const pending = hooks.fire('BeforeTool', writeEtc);
    const streamed = firstValueFrom(hooks.fire$('BeforeTool', writeEtc));
    await new Promise((r) => setTimeout(r, 5));
    await hooks.dispose();
    await expect(pending).rejects.toBeInstanceOf(HookSystemDisposedError);
    await expect(streamed).rejects.toBeInstanceOf(HookSystemDisposedError);
    expect(signal?.aborted).toBe(true);
  });
});

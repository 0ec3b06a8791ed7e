import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, from, take, toArray } from 'rxjs';
import {
  createHookMessageBus,
  HOOK_EXECUTION_REQUEST,
  type HookMessageBus,
  type HookResponseMessage,
} from '../../lib/seed/messageBus.js';
import { createHookSystem, type HookOutput, type HookSystem } from '../../lib/index.js';

const systems: HookSystem[] = [];
const buses: HookMessageBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) bus.dispose();
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
});

const setup = (options: Parameters<typeof createHookSystem>[0] = {}) => {
  const hooks = createHookSystem({ projectDir: '/tmp', sessionId: 'bus-spec', ...options });
  systems.push(hooks);
  const bus = createHookMessageBus(hooks);
  buses.push(bus);
  return { hooks, bus };
};

const requestMessage = (correlationId: string, eventName: string, input: unknown) => ({
  type: HOOK_EXECUTION_REQUEST,
  payload: { correlationId, eventName, input },
});

const protectEtc = {
  type: 'function' as const,
  name: 'protect-etc',
  run: (input: { tool_input?: { path?: string } }): HookOutput =>
    input.tool_input?.path?.startsWith('/etc') ? { decision: 'deny', reason: 'no /etc' } : {},
};

describe('createHookMessageBus', () => {
  it('answers a request with the aggregated result as plain JSON and the same correlation id', async () => {
    const { hooks, bus } = setup();
    hooks.register('BeforeTool', protectEtc);
    const answer = firstValueFrom(bus.response$);
    bus.publish(requestMessage('c-1', 'BeforeTool', { tool_name: 'write_file', tool_input: { path: '/etc/x' } }));
    const { type, payload } = await answer;
    expect(type).toBe('HOOK_EXECUTION_RESPONSE');
    expect(payload).toMatchObject({ correlationId: 'c-1', success: true });
    expect(payload.output?.finalOutput).toMatchObject({ decision: 'deny', reason: 'no /etc' });
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
  });

  it('answers 100 concurrent requests, each with its own correlation id and result', async () => {
    const { hooks, bus } = setup();
    // Earlier requests finish later, so completion order differs from request order.
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'slow-then-fast',
      run: async (input: { tool_input: { n: number } }) => {
        await new Promise((resolve) => setTimeout(resolve, 100 - input.tool_input.n));
        return { systemMessage: `n=${input.tool_input.n}` };
      },
    });
    const all = firstValueFrom(bus.response$.pipe(take(100), toArray()));
    for (let n = 0; n < 100; n++)
      bus.publish(requestMessage(`id-${n}`, 'BeforeTool', { tool_name: 't', tool_input: { n } }));
    const responses = await all;
    expect(new Set(responses.map((r) => r.payload.correlationId)).size).toBe(100);
    for (const { payload } of responses) {
      expect(payload.success).toBe(true);
      expect(payload.output?.finalOutput?.systemMessage).toBe(`n=${payload.correlationId.slice(3)}`);
    }
    expect(responses.map((r) => r.payload.correlationId)).not.toEqual(responses.map((_, n) => `id-${n}`));
  });

  it('request() correlates its own answer among concurrent ones', async () => {
    const { hooks, bus } = setup();
    hooks.register('BeforeTool', protectEtc);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        bus.request('BeforeTool', { tool_name: 'w', tool_input: { path: n % 2 ? '/etc/x' : '/tmp/x' } }),
      ),
    );
    answers.forEach((answer, n) => {
      expect(answer.output?.finalOutput?.decision).toBe(n % 2 ? 'deny' : undefined);
    });
  });

  it('runs real command hooks through the bus', async () => {
    const { bus } = setup({
      settings: {
        tools: { enableHooks: true },
        hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'cat >/dev/null; echo "nope" >&2; exit 2' }] }] },
      },
    });
    const answer = await bus.request('PreToolUse', { tool_name: 'w', tool_input: {} });
    expect(answer).toMatchObject({
      success: true,
      output: { success: false, finalOutput: { decision: 'block', reason: 'nope' } },
    });
  });

  it('connects a stream of requests through request$', async () => {
    const { bus } = setup();
    const answers = firstValueFrom(bus.response$.pipe(take(2), toArray()));
    from([
      requestMessage('a', 'SessionStart', { source: 'startup' }),
      requestMessage('b', 'Notification', { notification_type: 'x', message: 'm' }),
    ]).subscribe(bus.request$);
    expect((await answers).map((a) => a.payload.correlationId).sort()).toEqual(['a', 'b']);
  });
});

describe('createHookMessageBus: errors are answers, never throws', () => {
  const cases: Array<[string, unknown, string, string]> = [
    ['a non-object message', 'hello', 'INVALID_REQUEST', ''],
    ['null', null, 'INVALID_REQUEST', ''],
    ['a wrong message type', { type: 'OTHER', payload: { correlationId: 'w1' } }, 'INVALID_REQUEST', 'w1'],
    ['a missing payload', { type: HOOK_EXECUTION_REQUEST }, 'INVALID_REQUEST', ''],
    [
      'a missing correlationId',
      { type: HOOK_EXECUTION_REQUEST, payload: { eventName: 'BeforeTool', input: {} } },
      'INVALID_REQUEST',
      '',
    ],
    ['an unknown event', requestMessage('u1', 'NoSuchEvent', {}), 'UNKNOWN_EVENT', 'u1'],
    ['an event name that is not a string', requestMessage('u2', 42 as never, {}), 'UNKNOWN_EVENT', 'u2'],
    ['an input that is not an object', requestMessage('i1', 'BeforeTool', [1, 2]), 'INVALID_INPUT', 'i1'],
    ['an input missing required fields', requestMessage('i2', 'BeforeTool', { tool_name: 5 }), 'INVALID_INPUT', 'i2'],
  ];

  it.each(cases)('answers %s with success false and its error code', async (_label, message, code, correlationId) => {
    const { hooks, bus } = setup();
    hooks.register('BeforeTool', protectEtc);
    const answer = firstValueFrom(bus.response$);
    expect(() => {
      bus.publish(message);
    }).not.toThrow();
    const { payload } = await answer;
    expect(payload).toMatchObject({ correlationId, success: false, error: { code } });
    expect(payload.error?.message.length).toBeGreaterThan(0);
    expect(payload.output).toBeUndefined();
  });

  it('answers INTERNAL when the hook system fails unexpectedly, and keeps serving', async () => {
    const { hooks, bus } = setup();
    const broken = {
      ...hooks,
      fire$: () => {
        throw new Error('boom');
      },
    } as unknown as HookSystem;
    const brokenBus = createHookMessageBus(broken);
    buses.push(brokenBus);
    const answer = await brokenBus.request('BeforeTool', { tool_name: 'w', tool_input: {} });
    expect(answer).toMatchObject({ success: false, error: { code: 'INTERNAL', message: 'boom' } });
    await expect(bus.request('SessionStart', { source: 'startup' })).resolves.toMatchObject({ success: true });
  });

  it('answers DISPOSED when the hook system was disposed', async () => {
    const { hooks, bus } = setup();
    await hooks.dispose();
    await expect(bus.request('SessionStart', { source: 'startup' })).resolves.toMatchObject({
      success: false,
      error: { code: 'DISPOSED' },
    });
  });

  it('dispose answers requests in flight with DISPOSED, completes response$, and answers later requests', async () => {
    const { hooks, bus } = setup();
    let aborted = false;
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'hangs',
      run: (_input, { signal }) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    });
    const seen: HookResponseMessage[] = [];
    let completed = false;
    bus.response$.subscribe({ next: (m) => seen.push(m), complete: () => (completed = true) });
    const pending = bus.request('BeforeTool', { tool_name: 'w', tool_input: {} });
    await new Promise((resolve) => setImmediate(resolve));
    bus.dispose();
    await expect(pending).resolves.toMatchObject({ success: false, error: { code: 'DISPOSED' } });
    expect(aborted).toBe(true);
    expect(completed).toBe(true);
    expect(seen).toHaveLength(1);
    await expect(bus.request('SessionStart', { source: 'startup' })).resolves.toMatchObject({
      error: { code: 'DISPOSED' },
    });
    expect(() => {
      bus.publish(requestMessage('late', 'SessionStart', { source: 'startup' }));
    }).not.toThrow();
  });
});

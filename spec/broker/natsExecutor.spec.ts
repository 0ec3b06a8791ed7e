/**
 * The broker executor against a real nats-server: a host whose leaf is the pool, workers in this process.
 * Trust, failure policy and results still apply on the host; the worker runs only hooks it has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { natsExecutor, startWorker, type HookWorker, type NatsExecutor } from '../../lib/broker/index.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import { heldHook, latch, stub, TOOL } from '../helpers/brokerHooks.js';
import { functionEntry } from '../helpers/marbles.js';
import type { HookInput } from '../../lib/events/inputs.js';
import { freePort, startNatsServer, type NatsServer } from '../helpers/natsServer.js';

let server: NatsServer;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startNatsServer();
});
afterAll(async () => {
  await server.dispose();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const worker = async (options: Partial<Parameters<typeof startWorker>[0]> = {}): Promise<HookWorker> => {
  const started = await startWorker({ servers: server.url, trust: false, ...options });
  cleanups.push(() => started.close());
  return started;
};

const host = (
  broker: NatsExecutor,
  options: Parameters<typeof createHookSystem>[0] = {},
): { hooks: HookSystem; broker: NatsExecutor } => {
  const hooks = createHookSystem({ trust: false, executor: broker, ...options });
  cleanups.push(async () => {
    await hooks.dispose();
    await broker.dispose();
  });
  return { hooks, broker };
};

describe('natsExecutor', () => {
  it('runs a function hook on a worker and applies its decision on the host', async () => {
    await worker({
      hooks: [
        {
          event: 'BeforeTool',
          hook: { type: 'function', name: 'guard', run: () => ({ decision: 'deny', reason: 'remote says no' }) },
        },
      ],
    });
    const { hooks } = host(natsExecutor({ servers: server.url }));
    hooks.register('BeforeTool', stub('guard'));
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('remote says no');
    expect(result.hooks[0]).toMatchObject({ name: 'guard', source: 'runtime', outcome: 'blocked' });
  });

  it('runs a command hook of the worker’s settings, with the worker’s process layer', async () => {
    const settings = {
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          {
            matcher: 'write_file',
            hooks: [
              { type: 'command' as const, command: 'echo "{\\"decision\\":\\"deny\\",\\"reason\\":\\"pid $$\\"}"' },
            ],
          },
        ],
      },
    };
    await worker({ settings });
    const { hooks } = host(natsExecutor({ servers: server.url }), { settings });
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.blocked).toBe(true);
    expect(result.reason).toMatch(/^pid \d+$/);
  });

  it('runs only the hooks it has: another command under a known name is refused, and a required guard blocks', async () => {
    await worker({
      settings: { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo ok', name: 'guard' }] }] } },
    });
    const { hooks } = host(natsExecutor({ servers: server.url }), {
      settings: {
        tools: { enableHooks: true },
        hooks: {
          BeforeTool: [{ hooks: [{ type: 'command', command: 'touch /tmp/pwned', name: 'guard', required: true }] }],
        },
      },
    });
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain('refused by the worker: this worker has no hook "guard"');
  });

  it('sends only the hooks `remote` selects; the others run in the host', async () => {
    await worker({
      hooks: [{ event: 'BeforeTool', hook: { type: 'function', name: 'far', run: () => ({ systemMessage: 'far' }) } }],
    });
    const { hooks } = host(natsExecutor({ servers: server.url, remote: (hook) => hook.name === 'far' }));
    hooks.register('BeforeTool', stub('far'));
    hooks.register('BeforeTool', { type: 'function', name: 'near', run: () => ({ systemMessage: 'near' }) });
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.systemMessage).toBe('far\nnear');
  });

  it('says when the server is unreachable, applies the failure policy and never hangs', async () => {
    const port = await freePort();
    const { hooks } = host(natsExecutor({ servers: `nats://127.0.0.1:${port}`, connectTimeoutMs: 500 }));
    hooks.register('BeforeTool', stub('lenient'));
    hooks.register('BeforeTool', stub('guard', { required: true }));
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain(
      `Hook "guard" failed (required): could not run on the worker pool: NATS server unreachable at nats://127.0.0.1:${port}`,
    );
    expect(result.hooks[0]).toMatchObject({ name: 'lenient', outcome: 'failed' });
    expect(result.warnings.join('\n')).toContain('NATS server unreachable');
  });

  it('bounds the runs in flight and waiting: one more fails at once, saying so', async () => {
    const { held, release } = latch();
    const slow = heldHook('slow', async () => {
      await held;
      return { systemMessage: 'done' };
    });
    await worker({ hooks: [slow.hook] });
    const broker = natsExecutor({ servers: server.url, maxInFlight: 1, maxWaiting: 1 });
    const { hooks } = host(broker);
    hooks.register('BeforeTool', stub('slow'));
    const first = hooks.fire('BeforeTool', TOOL);
    const second = hooks.fire('BeforeTool', TOOL);
    const third = await hooks.fire('BeforeTool', TOOL);
    expect(third.warnings.join('\n')).toContain('2 runs are already in flight or waiting on the broker');
    expect(broker.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
    await expect.poll(() => slow.runs).toBe(1);
    release();
    expect((await first).systemMessage).toBe('done');
    expect((await second).systemMessage).toBe('done');
    expect(slow.runs).toBe(2);
  });

  it('keeps the bound when a settled run’s callback starts another: the one waiting goes first', async () => {
    const { held, release } = latch();
    const slow = heldHook('slow', async () => {
      await held;
      return {};
    });
    await worker({ hooks: [slow.hook] });
    const broker = natsExecutor({ servers: server.url, maxInFlight: 1, maxWaiting: 2 });
    cleanups.push(() => broker.dispose());
    const entry = functionEntry(stub('slow'), { source: 'runtime' });
    const input = { hook_event_name: 'BeforeTool', ...TOOL } as unknown as HookInput;
    const settled: string[] = [];
    let inFlightAfterFirst: number | undefined;
    broker.start(
      entry,
      input,
      () => {
        settled.push('first');
        // A host that starts its next hook inside the callback (sequential hooks do).
        broker.start(entry, input, () => settled.push('third'), 0);
        // Once the first run has left the books entirely.
        queueMicrotask(() => {
          inFlightAfterFirst = broker.stats().inFlight;
        });
      },
      0,
    );
    broker.start(entry, input, () => settled.push('second'), 0);
    await expect.poll(() => slow.runs, { timeout: 10_000 }).toBe(1);
    release();
    await expect.poll(() => settled.length, { timeout: 10_000 }).toBe(3);
    expect(inFlightAfterFirst).toBe(1);
    expect(settled).toEqual(['first', 'second', 'third']);
  });

  it('closes a worker whose last run the host cancels while the worker drains', async () => {
    let aborted = false;
    const slow = heldHook(
      'slow',
      (signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({});
          });
        }),
    );
    const pool = await worker({ hooks: [slow.hook] });
    const { hooks } = host(natsExecutor({ servers: server.url }));
    hooks.register('BeforeTool', stub('slow'));
    const subscription = hooks.fire$('BeforeTool', TOOL).subscribe();
    await expect.poll(() => slow.runs, { timeout: 10_000 }).toBe(1);
    const closed = pool.close();
    subscription.unsubscribe();
    await closed;
    expect(aborted).toBe(true);
    expect(pool.inFlight).toBe(0);
  });
});

describe('the optional NATS client', () => {
  it('is never imported statically by the built package: only the broker’s connection loads it, on first use', () => {
    const dist = fileURLToPath(new URL('../../dist/lib/', import.meta.url));
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const staticImports = files.filter((file) =>
      /^\s*(import|export)\b[^;]*from\s*['"]@nats-io\//m.test(readFileSync(join(dist, file), 'utf8')),
    );
    expect(staticImports).toEqual([]);
    expect(readFileSync(join(dist, 'broker/connection.js'), 'utf8')).toContain("import('@nats-io/transport-node')");
  });
});

/**
 * Faults of a worker pool against a real nats-server: a worker SIGKILLed mid-run, a slow worker, a worker that
 * answers twice, an answer after the run's deadline, the server restarted mid-session, and the `hookstream
 * worker` command itself. Every wait is for an event (a witness file, a line, a counter), never a duration.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { natsExecutor, startWorker, type NatsExecutor } from '../../lib/broker/index.js';
import { decodeReply, decodeRequest, encode, QUEUE_GROUP } from '../../lib/broker/protocol.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import { heldHook, startChild as startWorkerChild, stub, TOOL } from '../helpers/brokerHooks.js';
import { startNatsServer, type NatsServer } from '../helpers/natsServer.js';
import { BUILT_CLI } from '../helpers/builtCli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKER = join(ROOT, 'spec/fixtures/broker/worker.mjs');
const CLI = BUILT_CLI;

let server: NatsServer;
let dir: string;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  server = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'hookstream-broker-'));
});
afterAll(async () => {
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const host = (broker: NatsExecutor): HookSystem => {
  const hooks = createHookSystem({ trust: false, executor: broker });
  cleanups.push(async () => {
    await hooks.dispose();
    await broker.dispose();
  });
  return hooks;
};

const startChild = (args: string[], line: string): Promise<ChildProcess> => startWorkerChild(args, line, cleanups);

/** A raw NATS client in the queue group, answering as `answer` says: a misbehaving worker. */
const fakeWorker = async (
  answer: (reply: (message: unknown) => void, request: ReturnType<typeof decodeRequest>) => void,
): Promise<void> => {
  const connection = await connect({ servers: server.url });
  connection.subscribe('hookstream.run', {
    queue: QUEUE_GROUP,
    callback: (_error, message) => {
      const request = decodeRequest(message.data);
      answer((reply) => {
        if (message.reply !== undefined) connection.publish(message.reply, encode(reply as never));
      }, request);
    },
  });
  await connection.flush();
  cleanups.push(() => connection.close());
};

/** `reached` resolves once `count` heartbeats went to any host's inbox: a raw client listening on the wire. */
const beatsSeen = async (count: number): Promise<{ reached: Promise<void> }> => {
  const connection = await connect({ servers: server.url });
  cleanups.push(() => connection.close());
  let seen = 0;
  const reached = new Promise<void>((resolve) => {
    connection.subscribe('_INBOX.hookstream.>', {
      callback: (_error, message) => {
        if (decodeReply(message.data)?.t === 'beat' && ++seen >= count) resolve();
      },
    });
  });
  await connection.flush();
  return { reached };
};

describe('a worker pool under faults', () => {
  it('retries on another worker when the one running a run is SIGKILLed, within the hook’s timeout + 1 s', async () => {
    const witness = join(dir, 'hang.started');
    const hanging = await startChild([WORKER, server.url, 'doomed', 'hang', witness], 'ready');
    const broker = natsExecutor({ servers: server.url, livenessMs: 300 });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard', { timeoutMs: 20_000 }));
    const fired = hooks.fire('BeforeTool', TOOL);
    await expect.poll(() => existsSync(witness), { timeout: 10_000 }).toBe(true);
    await startChild([WORKER, server.url, 'survivor', 'answer', witness], 'ready');
    hanging.kill('SIGKILL');
    const result = await fired;
    expect(result.systemMessage).toBe('by survivor');
    // Settled by the survivor's record, so before the deadline (timeout + grace): one settled there says `timeout`.
    expect(result.hooks[0]?.outcome).toBe('success');
    expect(broker.stats().retries).toBeGreaterThanOrEqual(1);
  });

  it('keeps waiting for a slow worker that is alive (heartbeats), without a second run', async () => {
    // Windows wide enough that a host stalled on a loaded machine does not count the worker as gone.
    const windowMs = 3000;
    const heartbeatMs = 100;
    // The hook answers once the host was sent heartbeats spanning more than its ack and liveness windows: only the
    // heartbeats can have kept the run, and the wait is for those messages, not for a duration.
    const spanning = await beatsSeen((windowMs + 500) / heartbeatMs);
    const slow = heldHook('slow', async () => {
      await spanning.reached;
      return { systemMessage: 'slow but sure' };
    });
    const worker = await startWorker({ servers: server.url, trust: false, heartbeatMs, hooks: [slow.hook] });
    cleanups.push(() => worker.close());
    const broker = natsExecutor({ servers: server.url, ackTimeoutMs: windowMs, livenessMs: windowMs });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('slow'));
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.systemMessage).toBe('slow but sure');
    expect(slow.runs).toBe(1);
    expect(broker.stats().retries).toBe(0);
  });

  it('applies a run once when a worker answers twice', async () => {
    await fakeWorker((reply, request) => {
      if (typeof request === 'string') return;
      const run = { name: 'x', source: 'runtime', outcome: 'success', durationMs: 1 };
      reply({
        t: 'run',
        id: request.id,
        a: request.a,
        run: Object.assign({ output: { systemMessage: 'first' } }, run),
      });
      reply({
        t: 'run',
        id: request.id,
        a: request.a,
        run: Object.assign({ output: { systemMessage: 'second' } }, run),
      });
    });
    const broker = natsExecutor({ servers: server.url });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard'));
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.systemMessage).toBe('first');
    expect(result.hooks).toHaveLength(1);
    await expect.poll(() => broker.stats().duplicates).toBe(1);
  });

  it('settles a run at its deadline and drops the answer that arrives after it', async () => {
    let late: (() => void) | undefined;
    await fakeWorker((reply, request) => {
      if (typeof request === 'string') return;
      const { id, a } = request;
      reply({ t: 'ack', id, a });
      const beat = setInterval(() => {
        reply({ t: 'beat', id, a });
      }, 20);
      late = () => {
        clearInterval(beat);
        reply({ t: 'run', id, a, run: { name: 'x', source: 'runtime', outcome: 'success', durationMs: 1 } });
      };
      cleanups.push(() => {
        clearInterval(beat);
      });
    });
    const broker = natsExecutor({ servers: server.url, graceMs: 100 });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard', { timeoutMs: 200, required: true }));
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain('got no answer from the worker pool within 300 ms');
    late?.();
    await expect.poll(() => broker.stats().duplicates).toBe(1);
  });

  it('survives a server restart mid-session: a run sent while it is down is answered once it is back', async () => {
    await startChild([WORKER, server.url, 'steady', 'answer', ''], 'ready');
    const broker = natsExecutor({ servers: server.url });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard', { timeoutMs: 10_000 }));
    expect((await hooks.fire('BeforeTool', TOOL)).systemMessage).toBe('by steady');
    await server.stop();
    const during = hooks.fire('BeforeTool', TOOL);
    await server.restart();
    const result = await during;
    expect(result.systemMessage).toBe('by steady');
    expect((await hooks.fire('BeforeTool', TOOL)).systemMessage).toBe('by steady');
  });

  it('`hookstream worker --nats URL --settings FILE` serves the hooks of its own settings', async () => {
    const settingsFile = join(dir, 'worker.json');
    const settings = {
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          { hooks: [{ type: 'command', command: 'echo "{\\"systemMessage\\":\\"from the cli worker\\"}"' }] },
        ],
      },
    };
    writeFileSync(settingsFile, JSON.stringify(settings));
    await startChild([CLI, 'worker', '--nats', server.url, '--settings', settingsFile], 'worker: serving');
    const broker = natsExecutor({ servers: server.url });
    const hooks = createHookSystem({
      trust: false,
      executor: broker,
      settings: [{ scope: 'user', path: settingsFile }],
    });
    cleanups.push(async () => {
      await hooks.dispose();
      await broker.dispose();
    });
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.systemMessage).toBe('from the cli worker');
  });
});

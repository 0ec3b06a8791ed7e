/**
 * The durable lane against a real nats-server with JetStream (a temp store, killed after): background runs are
 * stored in the pool's work-queue stream, survive a worker SIGKILLed mid-run (the server hands them to another
 * worker), a server restart and the host going away, and are acknowledged once. Each case has a subject, so a
 * stream and a consumer, of its own; every wait is for an event (a witness file, a record, the stream's state).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { natsExecutor, startWorker, type NatsExecutor } from '../../lib/broker/index.js';
import { streamName } from '../../lib/broker/durableLane.js';
import { QUEUE_GROUP } from '../../lib/broker/protocol.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystemOptions } from '../../lib/system/options.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import { heldHook, startChild, stub, TOOL } from '../helpers/brokerHooks.js';
import { startNatsServer, type NatsServer } from '../helpers/natsServer.js';

const WORKER = fileURLToPath(new URL('../fixtures/broker/worker.mjs', import.meta.url));

let server: NatsServer;
let dir: string;
let cases = 0;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  server = await startNatsServer();
  dir = mkdtempSync(join(tmpdir(), 'hookstream-durable-'));
});
afterAll(async () => {
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A subject of this case's own: its stream and consumer start empty. */
const freshSubject = (): string => `durable.case${String((cases += 1))}`;

const host = (broker: NatsExecutor, options: HookSystemOptions = {}): HookSystem => {
  const hooks = createHookSystem({ trust: false, executor: broker, ...options });
  cleanups.push(async () => {
    await hooks.dispose();
    await broker.dispose();
  });
  return hooks;
};

/** A raw JetStream client, to read the stream and its consumer as the server holds them. */
const manager = async (): Promise<JetStreamManager> => {
  const connection: NatsConnection = await connect({ servers: server.url });
  cleanups.push(() => connection.close());
  return jetstreamManager(connection);
};

/** What the stream still holds and what its consumer handed out and had acknowledged. */
const ledger = async (jsm: JetStreamManager, subject: string) => {
  const stream = streamName(subject);
  const [info, consumer] = await Promise.all([jsm.streams.info(stream), jsm.consumers.info(stream, QUEUE_GROUP)]);
  return {
    stored: info.state.messages,
    delivered: consumer.delivered.consumer_seq,
    acknowledged: consumer.ack_floor.consumer_seq,
    unacknowledged: consumer.num_ack_pending,
  };
};

describe('the durable lane', () => {
  it('takes a background hook by default: run by a worker, its record on background$, acknowledged once', async () => {
    const subject = freshSubject();
    const settings = {
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          { hooks: [{ type: 'command' as const, command: 'echo "{\\"systemMessage\\":\\"stored\\"}"', async: true }] },
        ],
      },
    };
    const pool = await startWorker({ servers: server.url, subject, trust: false, settings });
    cleanups.push(() => pool.close());
    const broker = natsExecutor({ servers: server.url, subject });
    const hooks = host(broker, { settings });
    const record = firstValueFrom(hooks.background$);
    await hooks.fire('BeforeTool', TOOL);
    expect((await record).systemMessage).toBe('stored');
    const jsm = await manager();
    await expect
      .poll(() => ledger(jsm, subject))
      .toEqual({ stored: 0, delivered: 1, acknowledged: 1, unacknowledged: 0 });
    expect(broker.stats()).toMatchObject({ retries: 0, duplicates: 0 });
  });

  it('hands a run held by a SIGKILLed worker to another one, applied and acknowledged once', async () => {
    const subject = freshSubject();
    const witness = join(dir, 'durable.hang');
    const doomed = await startChild([WORKER, server.url, 'doomed', 'hang', witness, subject], 'ready', cleanups);
    const broker = natsExecutor({ servers: server.url, subject, durable: () => true });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard', { timeoutMs: 20_000 }));
    const fired = hooks.fire('BeforeTool', TOOL);
    await expect.poll(() => existsSync(witness), { timeout: 10_000 }).toBe(true);
    await startChild([WORKER, server.url, 'survivor', 'answer', '', subject], 'ready', cleanups);
    doomed.kill('SIGKILL');
    const result = await fired;
    expect(result.systemMessage).toBe('by survivor');
    expect(result.hooks[0]?.outcome).toBe('success');
    const jsm = await manager();
    await expect
      .poll(() => ledger(jsm, subject), { timeout: 10_000 })
      .toEqual({ stored: 0, delivered: 2, acknowledged: 2, unacknowledged: 0 });
    // The server redelivered; the host sent the run once and applied one record.
    expect(broker.stats()).toMatchObject({ retries: 0, duplicates: 0 });
  });

  it('keeps a run stored while no worker serves, across a server restart, until a worker takes it', async () => {
    const subject = freshSubject();
    const late = heldHook('guard', () => Promise.resolve({ systemMessage: 'after the restart' }));
    // The stream and consumer exist before the run is stored: a worker that came and went.
    const first = await startWorker({ servers: server.url, subject, trust: false, hooks: [late.hook] });
    await first.close();
    const broker = natsExecutor({ servers: server.url, subject, durable: (hook) => hook.name === 'guard' });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard', { timeoutMs: 20_000 }));
    const fired = hooks.fire('BeforeTool', TOOL);
    const jsm = await manager();
    await expect.poll(() => ledger(jsm, subject).then((state) => state.stored)).toBe(1);
    await server.restart();
    // A record sent while the host is still reconnecting would be lost to it: a request of the core lane, through
    // the same connection, is answered only once the host is back.
    const probe = heldHook('probe', () => Promise.resolve({ systemMessage: 'back' }));
    const prober = await startWorker({
      servers: server.url,
      subject,
      trust: false,
      durable: false,
      hooks: [probe.hook],
    });
    cleanups.push(() => prober.close());
    const probing = createHookSystem({ trust: false, executor: broker });
    cleanups.push(() => probing.dispose());
    probing.register('BeforeTool', stub('probe'));
    expect((await probing.fire('BeforeTool', TOOL)).systemMessage).toBe('back');
    const pool = await startWorker({ servers: server.url, subject, trust: false, hooks: [late.hook] });
    cleanups.push(() => pool.close());
    expect((await fired).systemMessage).toBe('after the restart');
    expect(late.runs).toBe(1);
  });

  it('leaves a stored run to the pool when its host goes away: a worker started later runs it', async () => {
    const subject = freshSubject();
    const audit = heldHook('audit', () => Promise.resolve({}));
    const first = await startWorker({ servers: server.url, subject, trust: false, hooks: [audit.hook] });
    await first.close();
    const broker = natsExecutor({ servers: server.url, subject, durable: () => true });
    const hooks = createHookSystem({ trust: false, executor: broker });
    hooks.register('BeforeTool', stub('audit', { timeoutMs: 20_000 }));
    const fired = hooks.fire('BeforeTool', TOOL);
    const jsm = await manager();
    await expect.poll(() => ledger(jsm, subject).then((state) => state.stored)).toBe(1);
    await hooks.dispose();
    await broker.dispose();
    await expect(fired).rejects.toThrow('The hook system has been disposed');
    const pool = await startWorker({ servers: server.url, subject, trust: false, hooks: [audit.hook] });
    cleanups.push(() => pool.close());
    await expect
      .poll(() => ledger(jsm, subject), { timeout: 10_000 })
      .toEqual({ stored: 0, delivered: 1, acknowledged: 1, unacknowledged: 0 });
    expect(audit.runs).toBe(1);
  });

  it('drops a run the worker has no hook for from the stream, and a required guard blocks', async () => {
    const subject = freshSubject();
    const pool = await startWorker({ servers: server.url, subject, trust: false });
    cleanups.push(() => pool.close());
    const broker = natsExecutor({ servers: server.url, subject, durable: () => true });
    const hooks = host(broker);
    hooks.register('BeforeTool', stub('guard', { required: true }));
    const result = await hooks.fire('BeforeTool', TOOL);
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain('refused by the worker: this worker has no hook "guard"');
    const jsm = await manager();
    await expect.poll(() => ledger(jsm, subject)).toMatchObject({ stored: 0, delivered: 1, unacknowledged: 0 });
  });
});

/**
 * The broker bench (`npm run bench -- broker`, or alone `npm run bench:broker`): hooks run by a NATS worker pool on
 * loopback, beside a local function hook in the same run.
 * 1. Latency and throughput of one trivial function hook executed by a remote worker (a child process), vs the
 *    same hook in the host; the same hook through the durable lane (JetStream), p50.
 * 2. Load: 200 sessions × 50 events over 4 workers, one worker SIGKILLed and the server restarted mid-run; asserts
 *    0 lost, 0 applied twice and 0 per-session order violations, and reports events/s, p50/p99 and redeliveries.
 * Bounded in count and time; needs `nats-server` (Debian: apt-get install nats-server) and a build (dist/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { natsExecutor } from '../dist/lib/broker/index.js';
import { createHookSystem } from '../dist/lib/index.js';
import { startNatsServer } from '../spec/helpers/natsServer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WORKER = join(ROOT, 'spec/fixtures/broker/worker.mjs');
const children: ChildProcess[] = [];

const startWorkerProcess = (url: string, name: string): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, url, name, 'echo', ''], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    child.stdout.once('data', () => {
      resolve(child);
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`worker ${name} exited with ${String(code ?? signal)}`));
    });
  });

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (value: number): number => Math.round(value * 1000) / 1000;

const stub = {
  type: 'function' as const,
  name: 'guard',
  run: () => {
    throw new Error('ran on the host');
  },
};

/** The hook timeout of the load run: a request hit by the SIGKILL must be answered within it plus 1 s. */
const LOAD_TIMEOUT_MS = 10_000;

export interface BrokerFigures {
  latency: {
    remote: { p50: number; p99: number; perSecond: number };
    durable: { p50: number; p99: number };
    local: { p50: number; p99: number };
  };
  load: {
    events: number;
    eventsPerSecond: number;
    p50: number;
    p99: number;
    /** The slowest request of the run, the ones the SIGKILL and the restart hit included. */
    worst: number;
    hookTimeoutMs: number;
    redeliveries: number;
    lost: number;
    appliedTwice: number;
    orderViolations: number;
  };
}

export const benchBroker = async (): Promise<BrokerFigures> => {
  const server = await startNatsServer();
  try {
    // 1. One remote worker vs the local hook.
    await startWorkerProcess(server.url, 'w0');
    const broker = natsExecutor({ servers: server.url });
    const remote = createHookSystem({ trust: false, executor: broker });
    remote.register('BeforeTool', stub);
    const local = createHookSystem({ trust: false });
    local.register('BeforeTool', {
      type: 'function',
      name: 'guard',
      run: (input) => ({ systemMessage: String((input.tool_input as { seq: number }).seq) }),
    });
    const call = (seq: number) => ({ tool_name: 'echo', tool_input: { session: 's', seq } });
    const latencies = async (system: typeof remote, count: number): Promise<number[]> => {
      const times: number[] = [];
      for (let seq = 0; seq < count; seq += 1) {
        const start = performance.now();
        await system.fire('BeforeTool', call(seq));
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b);
    };
    await latencies(remote, 500); // warm-up
    const remoteTimes = await latencies(remote, 3000);
    const localTimes = await latencies(local, 3000);
    const throughput = async (system: typeof remote, concurrency: number, total: number): Promise<number> => {
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) await system.fire('BeforeTool', call((next += 1)));
        }),
      );
      return total / ((performance.now() - start) / 1000);
    };
    const remoteRate = await throughput(remote, 32, 10_000);
    // The durable lane: the same hook stored in the stream and pulled by the worker.
    const durableBroker = natsExecutor({ servers: server.url, durable: () => true });
    const durable = createHookSystem({ trust: false, executor: durableBroker });
    durable.register('BeforeTool', stub);
    await latencies(durable, 200); // warm-up
    const durableTimes = await latencies(durable, 1000);
    await durable.dispose();
    await durableBroker.dispose();
    const latency = {
      remote: {
        p50: round(percentile(remoteTimes, 50)),
        p99: round(percentile(remoteTimes, 99)),
        perSecond: Math.round(remoteRate),
      },
      durable: { p50: round(percentile(durableTimes, 50)), p99: round(percentile(durableTimes, 99)) },
      local: { p50: round(percentile(localTimes, 50)), p99: round(percentile(localTimes, 99)) },
    };
    process.stderr.write(`latency (ms): ${JSON.stringify(latency)}\n`);
    await remote.dispose();
    await broker.dispose();
    for (const child of children.splice(0)) child.kill('SIGKILL');

    // 2. Load with faults.
    const workers = await Promise.all([1, 2, 3, 4].map((n) => startWorkerProcess(server.url, `w${n}`)));
    const loadBroker = natsExecutor({ servers: server.url, livenessMs: 500 });
    const hooks = createHookSystem({ trust: false, executor: loadBroker });
    hooks.register('BeforeTool', Object.assign({}, stub, { timeoutMs: LOAD_TIMEOUT_MS }));
    const SESSIONS = 200;
    const EVENTS = 50;
    const total = SESSIONS * EVENTS;
    let answered = 0;
    let lost = 0;
    let outOfOrder = 0;
    const times: number[] = [];
    let killed = false;
    let restarted: Promise<void> | undefined;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: SESSIONS }, async (_, session) => {
        for (let seq = 0; seq < EVENTS; seq += 1) {
          const begin = performance.now();
          const result = await hooks.fire('BeforeTool', { tool_name: 'echo', tool_input: { session, seq } });
          times.push(performance.now() - begin);
          answered += 1;
          if (result.hooks[0]?.outcome !== 'success') lost += 1;
          else if (result.systemMessage !== `${session}:${seq}`) outOfOrder += 1;
          if (!killed && answered >= total / 3) {
            killed = true;
            workers[0]?.kill('SIGKILL');
          }
          if (restarted === undefined && answered >= (2 * total) / 3) restarted = server.restart();
        }
      }),
    );
    await restarted;
    const seconds = (performance.now() - start) / 1000;
    times.sort((a, b) => a - b);
    const stats = loadBroker.stats();
    const load = {
      events: total,
      eventsPerSecond: Math.round(total / seconds),
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      worst: round(times[times.length - 1] ?? NaN),
      hookTimeoutMs: LOAD_TIMEOUT_MS,
      redeliveries: stats.retries,
      lost,
      appliedTwice: answered - total,
      orderViolations: outOfOrder,
    };
    process.stderr.write(`load: ${JSON.stringify(load)}\n`);
    await hooks.dispose();
    await loadBroker.dispose();
    await local.dispose();
    if (lost !== 0 || answered !== total || outOfOrder !== 0)
      throw new Error(`load bench failed: ${JSON.stringify(load)}`);
    return { latency, load };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await server.dispose();
  }
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(await benchBroker(), null, 2)}\n`);
}

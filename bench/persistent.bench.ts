/**
 * A hot persistent node worker through `fire()` against the raw round trip of the same worker (issue 10: at
 * most the raw round trip + 30 µs per event), interleaved in one run. Raw = the worker spawned by
 * `child_process.spawn`, one request line written, the answer line read and parsed, as a hand-written host does;
 * twice: in the host's own process group, and `detached` (a session and process group of its own, as
 * hookstream starts every hook process so that a kill reaches its children) — on Linux a new session is also a
 * new scheduler autogroup, which a loaded machine makes measurably slower to wake.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createHookSystem } from '../dist/lib/index.js';
import { interleave, micros, round3, scaled } from './measure.js';

const WORKER = fileURLToPath(new URL('./fixtures/persistent-worker.mjs', import.meta.url));
const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a' } };
/** What hookstream writes for `fields`: the same input fields, the same size, an id last. */
const input = {
  session_id: 'bench',
  transcript_path: '',
  cwd: tmpdir(),
  hook_event_name: 'BeforeTool',
  timestamp: new Date().toISOString(),
  ...fields,
};

/** One raw worker: `ask()` writes a request line and resolves with its parsed answer line. */
const rawWorker = (detached: boolean) => {
  const child = spawn('node', [WORKER], { stdio: ['pipe', 'pipe', 'ignore'], detached });
  child.stdin.on('error', () => undefined);
  let waiting: (() => void) | undefined;
  let buffered = '';
  let id = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      const resolve = waiting;
      waiting = undefined;
      resolve?.();
    }
  });
  const ask = (): Promise<void> =>
    new Promise((resolve) => {
      waiting = resolve;
      id += 1;
      child.stdin.write(`${JSON.stringify(input).slice(0, -1)},"id":${id}}\n`);
    });
  return { ask, close: () => child.stdin.end() };
};

export const benchPersistentRoundTrip = async (): Promise<Record<string, unknown>> => {
  const raw = rawWorker(false);
  const rawDetached = rawWorker(true);
  const system = createHookSystem({
    projectDir: tmpdir(),
    settings: {
      tools: { enableHooks: true },
      hooks: { BeforeTool: [{ hooks: [{ command: 'node', args: [WORKER], persistent: true }] }] },
    },
  });
  try {
    const perEvent = await interleave(
      {
        raw: raw.ask,
        rawDetached: rawDetached.ask,
        hookstream: async () => {
          const result = await system.fire('BeforeTool', fields);
          if (result.hooks[0]?.outcome !== 'success') throw new Error(`worker failed: ${result.hooks[0]?.message}`);
        },
      },
      { rounds: scaled(21, 3), batch: scaled(400, 40), warmup: 3 },
    );
    const us = (name: string): number => micros(perEvent[name]);
    return {
      description:
        'median µs per event, a hot node worker answering one line per request (bench/fixtures/persistent-worker.mjs)',
      microsecondsPerEvent: { raw: us('raw'), rawDetached: us('rawDetached'), hookstream: us('hookstream') },
      overMicros: {
        raw: round3(us('hookstream') - us('raw')),
        rawDetached: round3(us('hookstream') - us('rawDetached')),
      },
      targetOverRawMicros: 30,
    };
  } finally {
    raw.close();
    rawDetached.close();
    await system.dispose();
  }
};

// `npx tsx bench/persistent.bench.ts` (after `npm run build`) runs this bench alone and prints its figures.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await benchPersistentRoundTrip(), null, 2)}\n`);
}

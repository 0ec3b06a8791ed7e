/**
 * `npm run bench`: builds, then runs every benchmark against the built dist/ (the code users get), writes the
 * figures and the target rows to bench/results.json, renders docs/performance.md from them (bench/report.ts) and
 * prints the table.
 * Pass names to run a subset: `npm run bench -- engine decide` (the names are `BENCH_NAMES` in bench/rows.ts).
 * `--quick` cuts rounds and batches about tenfold to check that the bench works on a busy machine; its figures
 * go to bench/results.quick.json instead, so that they cannot be committed as the measured ones.
 *
 * Each section runs in a Node process of its own (this script again, with `--section <name>`), one after the
 * other: what one section leaves behind — its heap, V8's feedback on code the sections share — does not weigh on
 * the next. Measured before: the effect-record p99 was 11-12 µs alone, 27-44 µs right after the spawn section and
 * 63 µs at the end of a whole run, its median the same 7.6-7.9 µs in all three.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchAdapterTtft } from './adapterTtft.bench.js';
import { benchAgentEntry } from './agentEntry.bench.js';
import { benchBroker } from './broker.bench.js';
import { benchDecide } from './decide.bench.js';
import { benchEngine } from './engine.bench.js';
import { benchEffects } from './effects.bench.js';
import { addSpreads, beginSection, collectedSpreads, isQuick, type Spread } from './measure.js';
import { benchMemory } from './memory.bench.js';
import { BENCH_NAMES, type Sections, spawnRows, targetRows } from './rows.js';
import { benchSpawn } from './spawn.bench.js';
import { benchStreamTtft } from './streamTtft.bench.js';
import { benchPersistentRoundTrip } from './persistent.bench.js';
import { benchLedger } from './ledger.bench.js';
import { benchPolicies } from './policies.bench.js';
import { writePage } from './report.js';
import { type BenchResults, RESULTS, renderTable } from './table.js';

const NAMES = BENCH_NAMES;
const argv = process.argv.slice(2);
const childSection = argv.includes('--section') ? argv[argv.indexOf('--section') + 1] : undefined;
const requested = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--section');
const unknown = requested.filter((name) => !(NAMES as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}: choose among ${NAMES.join(', ')}`);
const wanted = (name: (typeof NAMES)[number]): boolean => requested.length === 0 || requested.includes(name);

/** Runs one bench and echoes its figures on stderr as they arrive, the table being stdout's. */
const section = async <T>(name: string, bench: () => Promise<T>): Promise<T> => {
  process.stderr.write(`bench ${name}${isQuick() ? ' (quick)' : ''}…\n`);
  beginSection(name);
  const figures = await bench();
  process.stderr.write(`${JSON.stringify(figures, null, 2)}\n`);
  return figures;
};

/** Each section's benches; the stream and persistent benches join the engine's and spawn's figures. */
const RUNS: Record<(typeof NAMES)[number], () => Promise<unknown>> = {
  engine: async () =>
    Object.assign(await section('engine', benchEngine), { streamTtft: await section('stream', benchStreamTtft) }),
  decide: () => section('decide', benchDecide),
  memory: () => section('memory', benchMemory),
  spawn: async () =>
    Object.assign(await section('spawn', benchSpawn), {
      persistentRoundTrip: await section('persistent', benchPersistentRoundTrip),
    }),
  effects: () => section('effects', benchEffects),
  ledger: () => section('ledger', benchLedger),
  policies: () => section('policies', benchPolicies),
  agents: () => section('agents', benchAgentEntry),
  broker: () => section('broker', benchBroker),
  adapters: () => section('adapters', benchAdapterTtft),
};

interface SectionOutput {
  figures: unknown;
  spreads: Record<string, Spread>;
}

if (childSection !== undefined) {
  // A section's own process: its figures and spreads as one JSON line on stdout, for the parent below.
  const run = RUNS[childSection as (typeof NAMES)[number]] as (() => Promise<unknown>) | undefined;
  if (run === undefined) throw new Error(`unknown bench section ${childSection}`);
  const output: SectionOutput = { figures: await run(), spreads: { ...collectedSpreads() } };
  process.stdout.write(`${JSON.stringify(output)}\n`);
  process.exit(0);
}

/** Runs `name` in a fresh Node process (tsx, from the package root) and reads its figures back. */
const inOwnProcess = (name: string): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--section', name, ...(isQuick() ? ['--quick'] : [])],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`bench ${name} exited with ${String(code)}`));
        return;
      }
      const output = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as SectionOutput;
      addSpreads(output.spreads);
      resolve(output.figures);
    });
  });

const measuredAt = new Date().toISOString();
const sections: Sections = {};
for (const name of NAMES) if (wanted(name)) (sections as Record<string, unknown>)[name] = await inOwnProcess(name);

const cpus = os.cpus();
const results: BenchResults = {
  measuredAt,
  quick: isQuick(),
  machine: { node: process.version, cpus: cpus.length, model: cpus[0]?.model, platform: process.platform },
  targets: targetRows(sections),
  comparisons: spawnRows(sections.spawn),
  engine: sections.engine,
  decide: sections.decide,
  memory: sections.memory,
  spawn: sections.spawn,
  spread: collectedSpreads(),
  effects: sections.effects,
  ledger: sections.ledger,
  policies: sections.policies,
  agents: sections.agents,
  broker: sections.broker,
  adapters: sections.adapters,
};
const path = isQuick() ? RESULTS.replace(/\.json$/, '.quick.json') : RESULTS;
writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
process.stderr.write(`figures written to ${path}\n`);
const missed = results.targets.filter((row) => !row.met).map((row) => row.id);
process.stderr.write(missed.length === 0 ? 'every target met\n' : `targets missed: ${missed.join(', ')}\n`);
if (!results.quick) {
  await writePage(results);
  process.stderr.write('docs/performance.md rendered from these figures\n');
}
process.stdout.write(`${renderTable(results).join('\n')}\n`);

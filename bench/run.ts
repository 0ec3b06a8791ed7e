/**
 * `npm run bench`: builds, then runs every benchmark against the built dist/ (the code users get), writes the
 * figures and the target rows to bench/results.json, renders docs/performance.md from them (bench/report.ts) and
 * prints the table.
 * Pass names to run a subset: `npm run bench -- engine decide` (the names are `BENCH_NAMES` in bench/rows.ts).
 * `--quick` cuts rounds and batches about tenfold to check that the bench works on a busy machine; its figures
 * go to bench/results.quick.json instead, so that they cannot be committed as the measured ones.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { benchAdapterTtft } from './adapterTtft.bench.js';
import { benchAgentEntry } from './agentEntry.bench.js';
import { benchBroker } from './broker.bench.js';
import { benchDecide } from './decide.bench.js';
import { benchEngine } from './engine.bench.js';
import { benchEffects } from './effects.bench.js';
import { beginSection, collectedSpreads, isQuick } from './measure.js';
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
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
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

const measuredAt = new Date().toISOString();
const sections: Sections = {};
if (wanted('engine')) sections.engine = await section('engine', benchEngine);
if (wanted('decide')) sections.decide = await section('decide', benchDecide);
if (wanted('memory')) sections.memory = await section('memory', benchMemory);
if (wanted('spawn')) sections.spawn = await section('spawn', benchSpawn);
if (wanted('effects')) sections.effects = await section('effects', benchEffects);
if (wanted('ledger')) sections.ledger = await section('ledger', benchLedger);
if (wanted('policies')) sections.policies = await section('policies', benchPolicies);
if (wanted('agents')) sections.agents = await section('agents', benchAgentEntry);
if (wanted('broker')) sections.broker = await section('broker', benchBroker);
if (wanted('adapters')) sections.adapters = await section('adapters', benchAdapterTtft);
if (sections.engine) Object.assign(sections.engine, { streamTtft: await section('stream', benchStreamTtft) });
if (sections.spawn) sections.spawn.persistentRoundTrip = await section('persistent', benchPersistentRoundTrip);

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

/**
 * `npm run bench`: builds, then runs every benchmark against the built dist/ (the code users get) in one process and writes the figures to bench/results.json.
 * Pass names to run a subset: `npm run bench -- engine`.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { benchEngine } from './engine.bench.js';
import { benchSpawn } from './spawn.bench.js';

const BENCHES: Record<string, () => Promise<Record<string, unknown>>> = { engine: benchEngine, spawn: benchSpawn };

const selected = process.argv.slice(2).filter((name) => name in BENCHES);
const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  machine: { node: process.version, cpus: os.cpus().length, model: os.cpus()[0]?.model, platform: process.platform },
};
for (const name of selected.length > 0 ? selected : Object.keys(BENCHES)) {
  process.stderr.write(`bench ${name}…\n`);
  results[name] = await (BENCHES[name] as () => Promise<Record<string, unknown>>)();
  process.stderr.write(`${JSON.stringify(results[name], null, 2)}\n`);
}
const path = new URL('./results.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
process.stderr.write(`figures written to bench/results.json\n`);

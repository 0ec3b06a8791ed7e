/**
 * From the benches' figures to rows: one row per speed target of issue 9, each with its target and whether it
 * was met, plus rows without a target for the command-hook figures. bench/table.ts renders these rows.
 */
import type { DecideFigures } from './decide.bench.js';
import type { EngineFigures } from './engine.bench.js';
import type { MemoryFigures } from './memory.bench.js';
import { round3 } from './measure.js';

export type Unit = 'µs' | 'ms' | 'events/s' | '×' | 'MB';

export interface Figure {
  value: number;
  unit: Unit;
}

/** A figure with a target. `measured` is the figure the target is about (a ratio, a throughput, a time or a growth). */
export interface TargetRow {
  id: string;
  what: string;
  hookstream: Figure;
  /** The contender measured beside hookstream in the same run. */
  baseline: Figure & { what: string };
  measured: Figure;
  target: { op: '<=' | '>='; value: number; unit: Unit };
  met: boolean;
}

/** A side-by-side figure without a target; `ratio` is hookstream's time over the baseline's. */
export interface ComparisonRow {
  id: string;
  what: string;
  hookstream: Figure;
  baseline: Figure & { what: string };
  ratio: number;
}

/** The figures a row is derived from; a bench left out of the run gives no rows. */
export interface Sections {
  engine?: EngineFigures;
  decide?: DecideFigures;
  memory?: MemoryFigures;
  spawn?: Record<string, unknown>;
}

const us = (value: number): Figure => ({ value, unit: 'µs' });
const times = (value: number): Figure => ({ value, unit: '×' });

/** Issue 9's speed targets, one place; each applies to the row's `measured` figure, in its unit. */
export const TARGETS = {
  'fire.functionHook.throughput': { op: '>=', value: 300_000 },
  'fire.functionHook.vsBareAsync': { op: '<=', value: 30 },
  'fire.noHook.vsBareAsync': { op: '<=', value: 2 },
  'fire.twentyMatchersMiss.perEvent': { op: '<=', value: 2 },
  'decide.noHook.vsRxjsMap': { op: '<=', value: 3 },
  'decide.matcherMiss.vsRxjsMap': { op: '<=', value: 3 },
  'memory.resultsObserved.heapGrowth': { op: '<=', value: 5 },
} as const satisfies Record<string, { op: '<=' | '>='; value: number }>;

/** `met` is decided here, once, from the measured figure as recorded, so that a reader can recheck it in the JSON. */
const row = (
  id: keyof typeof TARGETS,
  what: string,
  { hookstream, baseline, measured }: Pick<TargetRow, 'hookstream' | 'baseline' | 'measured'>,
): TargetRow => {
  const { op, value } = TARGETS[id];
  const met = op === '<=' ? measured.value <= value : measured.value >= value;
  return { id, what, hookstream, baseline, measured, target: { op, value, unit: measured.unit }, met };
};

export const targetRows = ({ engine, decide, memory }: Sections): TargetRow[] => {
  const rows: TargetRow[] = [];
  if (engine !== undefined) {
    const { microsecondsPerEvent: t, vsBareAsync: vs } = engine;
    const baseline = { what: 'bare awaited async call', ...us(t.bareAsync) };
    const oneHook = 'one in-process function hook through `fire()`';
    const throughput: Figure = { value: engine.eventsPerSecond.fireOneFunctionHook, unit: 'events/s' };
    rows.push(
      row('fire.functionHook.throughput', oneHook, {
        hookstream: us(t.fireOneFunctionHook),
        baseline,
        measured: throughput,
      }),
      row('fire.functionHook.vsBareAsync', `${oneHook}, vs the baseline`, {
        hookstream: us(t.fireOneFunctionHook),
        baseline,
        measured: times(vs.fireOneFunctionHook),
      }),
      row('fire.noHook.vsBareAsync', '`fire()` for an event with no hook', {
        hookstream: us(t.fireNoHook),
        baseline,
        measured: times(vs.fireNoHook),
      }),
      row('fire.twentyMatchersMiss.perEvent', '20 regex matchers that all miss, through `fire()`', {
        hookstream: us(t.fireTwentyMatchersMiss),
        baseline,
        measured: us(t.fireTwentyMatchersMiss),
      }),
    );
  }
  if (decide !== undefined) {
    const { microsecondsPerEvent: t, vsRxjsMap: vs } = decide;
    const baseline = { what: 'rxjs `map` over the same stream', ...us(t.rxjsMap) };
    rows.push(
      row('decide.noHook.vsRxjsMap', '`decide()` on a stream, no hook for the event', {
        hookstream: us(t.decideNoHook),
        baseline,
        measured: times(vs.decideNoHook),
      }),
      row('decide.matcherMiss.vsRxjsMap', "`decide()` on a stream, the event's one hook's matcher misses", {
        hookstream: us(t.decideMatcherMiss),
        baseline,
        measured: times(vs.decideMatcherMiss),
      }),
    );
  }
  if (memory !== undefined) {
    const { events, heapMB } = memory;
    const what = `heap after GC, ${count(events.total)} function-hook events with \`results$\` observed`;
    rows.push(
      row('memory.resultsObserved.heapGrowth', what, {
        hookstream: { value: heapMB.atEnd, unit: 'MB' },
        baseline: { what: `the same at ${count(events.checkpoint)} events`, value: heapMB.atCheckpoint, unit: 'MB' },
        measured: { value: memory.growthMB, unit: 'MB' },
      }),
    );
  }
  return rows;
};

/** 1000000 → "1 M", 100000 → "100 k". */
export const count = (n: number): string =>
  n >= 1_000_000 ? `${n / 1_000_000} M` : n >= 1000 ? `${n / 1000} k` : String(n);

/** Reads a number at a dotted path of the spawn section, whose shape spawn.bench.ts owns. */
const at = (section: Record<string, unknown>, path: string): number => {
  let value: unknown = section;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'number') throw new Error(`bench/results.json: spawn.${path} is not a number`);
  return value;
};

export const spawnRows = (spawn: Record<string, unknown> | undefined): ComparisonRow[] => {
  if (spawn === undefined) return [];
  const ms = (path: string): Figure => ({ value: at(spawn, path), unit: 'ms' });
  const compare = (
    id: string,
    what: string,
    hookstream: Figure,
    baseline: Figure & { what: string },
  ): ComparisonRow => ({
    id,
    what,
    hookstream,
    baseline,
    ratio: round3(hookstream.value / baseline.value),
  });
  return [
    compare(
      'spawn.shellForm',
      'one trivial shell hook (`bash -c`, reads stdin, prints `{}`)',
      ms('latencyMs.hookstreamShellForm'),
      {
        what: 'raw `child_process.spawn` of `bash -c`',
        ...ms('latencyMs.rawSpawnBash'),
      },
    ),
    compare('spawn.execForm', 'the same in exec form (`sh` + `args`)', ms('latencyMs.hookstreamExecFormSh'), {
      what: 'raw spawn of `sh -c`',
      ...ms('latencyMs.rawSpawnSh'),
    }),
    compare('spawn.fanOut', '16 shell hooks in parallel on one event', ms('fanOutMs.sixteenParallelHooks'), {
      what: 'one hook',
      ...ms('fanOutMs.oneHook'),
    }),
    compare(
      'spawn.persistent',
      'a node hook as a persistent worker (`"persistent": true`)',
      ms('persistentVsSpawnNode.persistentNodeMs'),
      {
        what: 'the same hook spawned per event (`node hook.mjs`)',
        ...ms('persistentVsSpawnNode.spawnNodeMs'),
      },
    ),
  ];
};

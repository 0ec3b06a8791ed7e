/**
 * From the benches' figures to rows: one row per speed target of issues 9 and 10, each with its target and whether it
 * was met, plus rows without a target for the command-hook figures. bench/table.ts renders these rows.
 */
import type { DecideFigures } from './decide.bench.js';
import type { EngineFigures } from './engine.bench.js';
import type { EffectFigures } from './effects.bench.js';
import type { LedgerFigures } from './ledger.bench.js';
import type { PolicyFigures } from './policies.bench.js';
import type { MemoryFigures } from './memory.bench.js';
import type { AgentEntryFigures } from './agentEntry.bench.js';
import type { BrokerFigures } from './broker.bench.js';
import type { AdapterTtftFigures } from './adapterTtft.bench.js';
import { round3 } from './measure.js';

export type Unit = 'µs' | 'ms' | 'events/s' | '×' | 'MB' | 'fds' | 'listeners' | 'bytes';

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
  /** `measured` and the target are differences over the baseline, shown with their sign (`+22.5 µs`). */
  signed?: boolean;
}

/** A side-by-side figure without a target; `ratio` is hookstream's time over the baseline's. */
export interface ComparisonRow {
  id: string;
  what: string;
  hookstream: Figure;
  baseline: Figure & { what: string };
  ratio: number;
}

/** The benches `npm run bench` runs, in order; naming some runs only those. */
export const BENCH_NAMES = [
  'engine',
  'decide',
  'memory',
  'spawn',
  'effects',
  'ledger',
  'policies',
  'agents',
  'broker',
  'adapters',
] as const;

/** The figures a row is derived from; a bench left out of the run gives no rows. */
export interface Sections {
  engine?: EngineFigures;
  decide?: DecideFigures;
  memory?: MemoryFigures;
  spawn?: Record<string, unknown>;
  effects?: EffectFigures;
  ledger?: LedgerFigures;
  policies?: PolicyFigures;
  agents?: AgentEntryFigures;
  broker?: BrokerFigures;
  adapters?: AdapterTtftFigures;
}

const us = (value: number): Figure => ({ value, unit: 'µs' });
const times = (value: number): Figure => ({ value, unit: '×' });

/** The speed targets of issues 9 and 10, one place; each applies to the row's `measured` figure, in its unit. */
export const TARGETS = {
  'fire.functionHook.throughput': { op: '>=', value: 300_000 },
  'fire.functionHook.vsBareAsync': { op: '<=', value: 30 },
  'fire.noHook.vsBareAsync': { op: '<=', value: 2 },
  'fire.twentyMatchersMiss.perEvent': { op: '<=', value: 2 },
  'decide.noHook.vsRxjsMap': { op: '<=', value: 3 },
  'decide.matcherMiss.vsRxjsMap': { op: '<=', value: 3 },
  'memory.resultsObserved.heapGrowth': { op: '<=', value: 5 },
  // Issue 10: the process layer.
  'spawn.shellForm.vsRawSpawn': { op: '<=', value: 1 },
  'spawn.execForm.vsRawSpawn': { op: '<=', value: 1 },
  'spawn.scriptFile.vsRawBash': { op: '<=', value: 0.9 },
  'spawn.fanOut.vsOne': { op: '<=', value: 1.2 },
  'spawn.bigHost.vsSmallHost': { op: '<=', value: 1.2 },
  'spawn.bigHost.timerLag': { op: '<=', value: 5 },
  'memory.commandRuns.heapGrowth': { op: '<=', value: 5 },
  'memory.commandRuns.descriptors': { op: '<=', value: 0 },
  'memory.commandRuns.listeners': { op: '<=', value: 0 },
  'persistent.hotWorker.overRaw': { op: '<=', value: 30 },
  // Effect records.
  'effects.bashCommand.p99': { op: '<=', value: 50 },
  'effects.patch.p99': { op: '<=', value: 1000 },
  // The decision ledger.
  'ledger.functionHook.overhead': { op: '<=', value: 20 },
  'ledger.verify.millionRecords': { op: '<=', value: 5000 },
  'ledger.bytesPerEvent': { op: '<=', value: 600 },
  // Session policies.
  'policies.hundredRules.p99': { op: '<=', value: 50 },
  'policies.hundredRules.vsNoPolicy': { op: '<=', value: 3 },
  'policies.taint.p99': { op: '<=', value: 200 },
  'policies.stateAfter100k': { op: '<=', value: 1_048_576 },
  // The installed agent entry: client → daemon → answer, Node's own start included.
  'agents.commandEntry.p50': { op: '<=', value: 60 },
  'agents.commandEntry.p99': { op: '<=', value: 120 },
  // With one command hook: over the same hook run directly by the agent, p50 against p50.
  'agents.commandHook.overDirect': { op: '<=', value: 5 },
  // The same event posted to the daemon by Claude Code's http hook: no process per event.
  'agents.httpEntry.p50': { op: '<=', value: 2 },
  // The worker fleet over NATS (loopback): a remote function hook, the durable lane, a worker SIGKILLed under load.
  'broker.remote.p50': { op: '<=', value: 0.5 },
  'broker.remote.p99': { op: '<=', value: 3 },
  'broker.remote.throughput': { op: '>=', value: 2000 },
  'broker.durable.p50': { op: '<=', value: 3 },
  'broker.load.worstOverTimeout': { op: '<=', value: 1000 },
  // Time to first token through each streaming adapter under an AfterModel hook, vs the framework alone.
  'adapters.langchain.ttftVsRaw': { op: '<=', value: 1.2 },
  'adapters.aiSdk.ttftVsRaw': { op: '<=', value: 1.2 },
  'adapters.openaiAgents.ttftVsRaw': { op: '<=', value: 1.2 },
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

export const targetRows = ({
  engine,
  decide,
  memory,
  spawn,
  effects,
  ledger,
  policies,
  agents,
  broker,
  adapters,
}: Sections): TargetRow[] => {
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
  if (spawn !== undefined) rows.push(...processRows(spawn));
  if (effects !== undefined) {
    const { p99Microseconds: p99, earlyP99Microseconds: early } = effects;
    const reader = { what: 'the shell reader alone on the same command, p99', ...us(p99.readerOnly) };
    // The early calls' p99 (before V8 optimised the code) in the row's own words, beside the steady state.
    const bash = `effect record of a ${String(effects.commandChars)}-character Bash command, p99 after 2,000 calls (over a process's first 1,000: ${String(early.bashCommand)} µs)`;
    rows.push(
      row('effects.bashCommand.p99', bash, {
        hookstream: us(p99.bashCommand),
        baseline: reader,
        measured: us(p99.bashCommand),
      }),
      row('effects.patch.p99', `effect record of a ${String(effects.patchLines)}-line \`apply_patch\`, p99`, {
        hookstream: us(p99.patch),
        baseline: reader,
        measured: us(p99.patch),
      }),
    );
  }
  if (ledger !== undefined) rows.push(...ledgerRows(ledger));
  if (policies !== undefined) rows.push(...policyRows(policies));
  if (agents !== undefined) rows.push(...agentRows(agents));
  if (broker !== undefined) rows.push(...brokerRows(broker));
  if (adapters !== undefined) rows.push(...adapterRows(adapters));
  return rows;
};

/** The worker fleet's rows (broker.bench.ts): a trivial function hook run by a worker over NATS on loopback. */
const brokerRows = ({ latency, load }: BrokerFigures): TargetRow[] => {
  const ms = (value: number): Figure => ({ value, unit: 'ms' });
  const remote = 'a trivial function hook run by a remote worker (core request–reply, one worker)';
  const local = (p: 'p50' | 'p99'): Figure & { what: string } => ({
    what: `the same hook in the host, ${p}`,
    ...ms(latency.local[p]),
  });
  const worst = row(
    'broker.load.worstOverTimeout',
    `slowest of ${count(load.events)} events (200 sessions, 4 workers, one SIGKILLed, the server restarted), ` +
      `beyond the hook's ${String(load.hookTimeoutMs)} ms timeout`,
    {
      hookstream: ms(load.worst),
      baseline: { what: 'that run, p99', ...ms(load.p99) },
      measured: ms(round3(load.worst - load.hookTimeoutMs)),
    },
  );
  worst.signed = true;
  return [
    row('broker.remote.p50', `${remote}, p50`, {
      hookstream: ms(latency.remote.p50),
      baseline: local('p50'),
      measured: ms(latency.remote.p50),
    }),
    row('broker.remote.p99', `${remote}, p99`, {
      hookstream: ms(latency.remote.p99),
      baseline: local('p99'),
      measured: ms(latency.remote.p99),
    }),
    row('broker.remote.throughput', `${remote}, 32 at once`, {
      hookstream: ms(latency.remote.p50),
      baseline: local('p50'),
      measured: { value: latency.remote.perSecond, unit: 'events/s' },
    }),
    row('broker.durable.p50', 'the same hook through the durable lane (JetStream work queue), p50', {
      hookstream: ms(latency.durable.p50),
      baseline: local('p50'),
      measured: ms(latency.durable.p50),
    }),
    worst,
  ];
};

/** The streaming adapters' rows: time to first token with an AfterModel hook, beside the framework's own stream. */
const adapterRows = ({ firstTokenMs: t, vsRaw }: AdapterTtftFigures): TargetRow[] => {
  const ms = (value: number): Figure => ({ value, unit: 'ms' });
  const what = (framework: string) => `time to first token, ${framework} with an AfterModel hook (live redaction)`;
  const raw = (framework: string, value: number) => ({ what: `${framework} alone, no hookstream`, ...ms(value) });
  return [
    row('adapters.langchain.ttftVsRaw', what('LangChain `createAgent` (`streamMode: messages`)'), {
      hookstream: ms(t.langchainHooked),
      baseline: raw('the same agent', t.langchainRaw),
      measured: times(vsRaw.langchain),
    }),
    row('adapters.aiSdk.ttftVsRaw', what('AI SDK `streamText`'), {
      hookstream: ms(t.aiSdkHooked),
      baseline: raw('the same model', t.aiSdkRaw),
      measured: times(vsRaw.aiSdk),
    }),
    row('adapters.openaiAgents.ttftVsRaw', what('Agents SDK `run(…, { stream: true })`'), {
      hookstream: ms(t.agentsHooked),
      baseline: raw('the same agent', t.agentsRaw),
      measured: times(vsRaw.agents),
    }),
  ];
};

/**
 * The installed agent entry's rows: one tool call through Claude's command entry, beside a bare Node start; a call
 * one command hook handles, over that hook run by the agent directly; and the same call posted to the daemon's
 * http hook listener, beside a bare Node HTTP server.
 */
const agentRows = ({
  commandEntryMs,
  bareNodeMs,
  curlEntryMs,
  nodeClientMs,
  commandHookEntryMs,
  directHookMs,
  httpEntryMs,
  bareHttpMs,
}: AgentEntryFigures): TargetRow[] => {
  const what = 'one tool call through the installed Claude command entry (shell client → perl → daemon → answer)';
  const nodeClient = `the entry's curl path: ${String(curlEntryMs.p50)} ms; the Node client, used without perl or curl: ${String(nodeClientMs.p50)} ms`;
  return [
    row('agents.commandEntry.p50', `${what}, p50`, {
      hookstream: { value: commandEntryMs.p50, unit: 'ms' },
      baseline: { what: `\`node -e 0\` started the same way (${nodeClient}), p50`, value: bareNodeMs.p50, unit: 'ms' },
      measured: { value: commandEntryMs.p50, unit: 'ms' },
    }),
    row('agents.commandEntry.p99', `${what}, p99`, {
      hookstream: { value: commandEntryMs.p99, unit: 'ms' },
      baseline: { what: '`node -e 0` started the same way, p99', value: bareNodeMs.p99, unit: 'ms' },
      measured: { value: commandEntryMs.p99, unit: 'ms' },
    }),
    row(
      'agents.commandHook.overDirect',
      'a Bash call one command hook handles, through the installed entry (the daemon runs the hook), p50',
      {
        hookstream: { value: commandHookEntryMs.p50, unit: 'ms' },
        baseline: {
          what: 'the same hook run by the agent itself (`bash -c`), p50',
          value: directHookMs.p50,
          unit: 'ms',
        },
        measured: { value: round3(commandHookEntryMs.p50 - directHookMs.p50), unit: 'ms' },
      },
    ),
    row(
      'agents.httpEntry.p50',
      "the same tool call posted to the daemon's http hook listener (Claude's http entry), p50",
      {
        hookstream: { value: httpEntryMs.p50, unit: 'ms' },
        baseline: {
          what: 'the same post to a bare Node HTTP server answering `{}`, p50',
          value: bareHttpMs.p50,
          unit: 'ms',
        },
        measured: { value: httpEntryMs.p50, unit: 'ms' },
      },
    ),
  ];
};

/** Issue 10's rows, from the spawn section (spawn.bench.ts, bigHost.bench.ts, commandMemory.bench.ts, persistent.bench.ts). */
const processRows = (spawn: Record<string, unknown>): TargetRow[] => {
  const ms = (path: string): Figure => ({ value: at(spawn, path), unit: 'ms' });
  const ratio = (hookstream: Figure, baseline: Figure): Figure => times(round3(hookstream.value / baseline.value));
  const shell = ms('latencyMs.hookstreamShellForm');
  const rawBash = ms('latencyMs.rawSpawnBash');
  const exec = ms('latencyMs.hookstreamExecFormSh');
  const rawSh = ms('latencyMs.rawSpawnSh');
  const scriptFile = ms('latencyMs.hookstreamScriptFile');
  const sixteen = ms('fanOutMs.sixteenParallelHooks');
  const one = ms('fanOutMs.oneHook');
  const big = ms('bigHost.big.latencyMs.hookstream');
  const small = ms('bigHost.small.latencyMs.hookstream');
  const ballast = `${at(spawn, 'bigHost.ballastMb')} MiB`;
  const descriptors = (path: string): Figure => ({
    value: at(spawn, `commandMemory.descriptors.${path}`),
    unit: 'fds',
  });
  const listeners = (path: string): Figure => ({
    value: at(spawn, `commandMemory.listeners.${path}`),
    unit: 'listeners',
  });
  const runs = count(at(spawn, 'commandMemory.runs.total'));
  const worker = (name: string): Figure => us(at(spawn, `persistentRoundTrip.microsecondsPerEvent.${name}`));
  const overRaw = row('persistent.hotWorker.overRaw', 'a hot persistent node worker through `fire()`', {
    hookstream: worker('hookstream'),
    baseline: { what: 'raw round trip of the same worker (`spawn`, a line each way)', ...worker('raw') },
    measured: us(round3(worker('hookstream').value - worker('raw').value)),
  });
  overRaw.signed = true;
  return [
    row('spawn.shellForm.vsRawSpawn', 'one trivial shell hook (`bash -c`, reads stdin, prints `{}`) through `fire()`', {
      hookstream: shell,
      baseline: { what: 'raw `child_process.spawn` of `bash -c`', ...rawBash },
      measured: ratio(shell, rawBash),
    }),
    row('spawn.execForm.vsRawSpawn', 'the same in exec form (`sh` + `args`)', {
      hookstream: exec,
      baseline: { what: 'raw spawn of `sh -c`', ...rawSh },
      measured: ratio(exec, rawSh),
    }),
    row('spawn.scriptFile.vsRawBash', 'a hook script file (`command` is its path) through `fire()`', {
      hookstream: scriptFile,
      baseline: { what: 'raw spawn of `bash -c` with that path', ...ms('latencyMs.rawSpawnBashScriptFile') },
      measured: ratio(scriptFile, ms('latencyMs.rawSpawnBashScriptFile')),
    }),
    row('spawn.fanOut.vsOne', '16 parallel 200 ms hooks on one event', {
      hookstream: sixteen,
      baseline: { what: 'one 200 ms hook', ...one },
      measured: ratio(sixteen, one),
    }),
    row('spawn.bigHost.vsSmallHost', `one trivial hook in a host with ${ballast} more live heap`, {
      hookstream: big,
      baseline: { what: 'the same in the small host', ...small },
      measured: ratio(big, small),
    }),
    row('spawn.bigHost.timerLag', `a 1 ms timer's worst lag during hooks in that host`, {
      hookstream: ms('bigHost.big.timerLagMs.hookstream.worst'),
      baseline: { what: 'during raw spawns there', ...ms('bigHost.big.timerLagMs.raw.worst') },
      measured: ms('bigHost.big.timerLagMs.hookstream.worst'),
    }),
    row('memory.commandRuns.heapGrowth', `heap after GC, ${runs} command-hook runs through \`fire()\``, {
      hookstream: { value: at(spawn, 'commandMemory.heapMB.atEnd'), unit: 'MB' },
      baseline: {
        what: 'the same at a tenth of the runs',
        value: at(spawn, 'commandMemory.heapMB.atCheckpoint'),
        unit: 'MB',
      },
      measured: { value: at(spawn, 'commandMemory.growthMB'), unit: 'MB' },
    }),
    row('memory.commandRuns.descriptors', `the host's open descriptors after those runs and \`dispose()\``, {
      hookstream: descriptors('afterDispose'),
      baseline: { what: 'before the hook system', ...descriptors('before') },
      measured: {
        value: at(spawn, 'commandMemory.descriptors.afterDispose') - at(spawn, 'commandMemory.descriptors.before'),
        unit: 'fds',
      },
    }),
    row('memory.commandRuns.listeners', 'its process exit and signal listeners, the same way', {
      hookstream: listeners('afterDispose'),
      baseline: { what: 'before the hook system', ...listeners('before') },
      measured: {
        value: at(spawn, 'commandMemory.listeners.afterDispose') - at(spawn, 'commandMemory.listeners.before'),
        unit: 'listeners',
      },
    }),
    overRaw,
  ];
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
      'spawn.scriptFile.rawScript',
      'a hook script file (`command` is its path) through `fire()`',
      ms('latencyMs.hookstreamScriptFile'),
      { what: 'raw `spawn` of the script itself (no shell)', ...ms('latencyMs.rawSpawnScriptFile') },
    ),
    compare(
      'spawn.bigHost.raw',
      `for comparison: a raw spawn in the host with ${at(spawn, 'bigHost.ballastMb')} MiB more live heap`,
      ms('bigHost.big.latencyMs.raw'),
      { what: 'the same in the small host', ...ms('bigHost.small.latencyMs.raw') },
    ),
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

/** Session policies' rows (policies.bench.ts): single `fire()` events, p99, with and without policies. */
const policyRows = (policies: PolicyFigures): TargetRow[] => {
  const { noPolicy, hundredRules, taint4KiBvs1MiB } = policies.microsecondsPerEvent;
  const none = { what: 'the same event with no policy, p99', ...us(noPolicy.p99) };
  // The early events' p99 (before V8 optimised the code) in the row's own words, beside the steady state; older
  // result files have none.
  const early = policies.earlyP99Microseconds as PolicyFigures['earlyP99Microseconds'] | undefined;
  const rules =
    'one event through 100 rules (limits, repeats, sequences), 200 events in the session, p99' +
    (early === undefined
      ? ''
      : ` after ${count(policies.warmUpEvents)} events (over a process's first 1,000: ${String(early.hundredRules)} µs, and ${String(early.noPolicy)} µs with no policy)`);
  return [
    row('policies.hundredRules.p99', rules, {
      hookstream: us(hundredRules.p99),
      baseline: none,
      measured: us(hundredRules.p99),
    }),
    row('policies.hundredRules.vsNoPolicy', `${rules}, vs the baseline`, {
      hookstream: us(hundredRules.p99),
      baseline: none,
      measured: times(policies.hundredRulesVsNoPolicy),
    }),
    row('policies.taint.p99', 'a 4 KiB tool input checked at a sink, 1 MiB of labelled output in the session, p99', {
      hookstream: us(taint4KiBvs1MiB.p99),
      baseline: none,
      measured: us(taint4KiBvs1MiB.p99),
    }),
    row('policies.stateAfter100k', 'session state of the four example policies after 100,000 events', {
      hookstream: { value: policies.stateBytesAfter100k, unit: 'bytes' },
      baseline: { what: 'serialised with `sessionState`', value: policies.stateBytesAfter100k, unit: 'bytes' },
      measured: { value: policies.stateBytesAfter100k, unit: 'bytes' },
    }),
  ];
};

/** The decision ledger's rows (ledger.bench.ts): its cost per event, its size, and offline verification. */
const ledgerRows = (ledger: LedgerFigures): TargetRow[] => {
  const { microsecondsPerEvent: t, verify } = ledger;
  const overhead = row('ledger.functionHook.overhead', 'one function-hook event through `fire()` with the ledger on', {
    hookstream: us(t.ledgerOn),
    baseline: { what: 'the same with the ledger off', ...us(t.ledgerOff) },
    measured: us(t.overhead),
  });
  overhead.signed = true;
  const scope = verify.extrapolated ? `${count(verify.records)} records, per million` : 'a million records';
  return [
    overhead,
    row('ledger.verify.millionRecords', `\`verifyLedger\` (chain, hashes, schema), ${scope}`, {
      hookstream: { value: verify.millisecondsPerMillion, unit: 'ms' },
      baseline: { what: 'measured', value: verify.milliseconds, unit: 'ms' },
      measured: { value: verify.millisecondsPerMillion, unit: 'ms' },
    }),
    row('ledger.bytesPerEvent', 'ledger bytes per event, one guard, input by digest', {
      hookstream: { value: ledger.bytesPerEvent, unit: 'bytes' },
      baseline: { what: 'checkpoints and open record included', value: ledger.bytesPerEvent, unit: 'bytes' },
      measured: { value: ledger.bytesPerEvent, unit: 'bytes' },
    }),
  ];
};

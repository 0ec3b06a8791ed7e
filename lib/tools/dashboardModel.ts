/**
 * What the dashboard shows, as data the page only draws: one row per event — its hooks as bars on the
 * event's own time axis, its decision, its problems — and per-hook latency (p50/p95/max). Rows are fed by
 * a live hook system (`results$` records draw bars while hooks run, the `decisions$` record completes the
 * row) or by a recording (each line a finished row). The model keeps the latest rows only, and tells its
 * listeners every row that changed; the server turns that into Server-Sent Events.
 */
import type { HookActivity, HookOutcome, HookRun } from '../model/types.js';
import type { DecisionRecord } from '../observe/decisionRecord.js';
import { hookLabel } from '../observe/hookLabel.js';
import { inputDigest } from '../observe/inputDigest.js';
import { latencyStats, type LatencyStats } from './latency.js';
import type { RecordedRun, RecordingEntry } from '../observe/recording.js';
import { runProblem, type RunProblemKind } from './runProblem.js';

/** One hook of a row: a bar from `startMs` (after the event started) lasting `durationMs`. */
export interface DashboardBar {
  name: string;
  label: string;
  source: string;
  /** Absent while the hook runs. */
  outcome?: HookOutcome;
  /** The hook's `statusMessage` while it runs. */
  status?: string;
  startMs: number;
  durationMs?: number;
  exitCode?: number;
  message?: string;
  /** The loud problem of the run (lib/tools/runProblem.ts). */
  problem?: string;
  problemKind?: RunProblemKind;
}

export interface DashboardRow {
  /** `e<eventId>` live, `n<n>` for an event no hook ran for, `r<line>` from a recording. */
  id: string;
  event: string;
  /** The project directory of the event, on a dashboard that shows several projects (the session daemon's). */
  project?: string;
  input: string;
  /** When the event was fired (epoch milliseconds). */
  at: number;
  state: 'running' | 'decided';
  /** `none` while running and for events no hook decided. */
  decision: string;
  blocked: boolean;
  stopped: boolean;
  durationMs?: number;
  reason?: string;
  warnings: string[];
  hooks: DashboardBar[];
}

export interface DashboardHookStats extends LatencyStats {
  label: string;
  /** Runs with a problem, by kind. */
  problems: Partial<Record<RunProblemKind, number>>;
}

export type DashboardMessage = { type: 'row'; row: DashboardRow } | { type: 'stats'; hooks: DashboardHookStats[] };

export interface DashboardModel {
  /** A hook started or finished; `project` labels the event's row when the dashboard shows several projects. */
  activity(record: HookActivity, project?: string): void;
  /** An event was decided; `project` as for {@link DashboardModel.activity}. */
  decision(record: DecisionRecord, project?: string): void;
  recorded(entry: RecordingEntry): void;
  /** Every row kept (oldest first) and the stats: what a page that connects now is sent first. */
  snapshot(): DashboardMessage[];
  /** Calls `listener` with each change; returns the function that stops it. */
  listen(listener: (message: DashboardMessage) => void): () => void;
}

/** Rows kept for a page that connects later; durations kept per hook for its percentiles. */
export const DASHBOARD_MAX_ROWS = 500;
const DURATIONS_PER_HOOK = 1000;

type AnyRun = Pick<HookRun, 'name' | 'command' | 'source' | 'outcome' | 'exitCode' | 'durationMs' | 'message'> &
  Pick<HookRun, 'internal' | 'strictFailure'>;

/** A finished bar of `run` starting at `startMs`. */
const finishedBar = (run: AnyRun | RecordedRun, startMs: number): DashboardBar => {
  const bar: DashboardBar = {
    name: run.name,
    label: hookLabel(run.name, run.command),
    source: run.source,
    outcome: run.outcome,
    startMs,
    durationMs: run.durationMs,
  };
  if (run.exitCode !== undefined) bar.exitCode = run.exitCode;
  if (run.message !== undefined) bar.message = run.message;
  const problem = runProblem(run);
  if (problem !== undefined) {
    bar.problem = problem.label;
    bar.problemKind = problem.kind;
  }
  return bar;
};

/** Bars laid out from durations alone: one after another when sequential, else all from the start. */
const laidOut = (runs: readonly (AnyRun | RecordedRun)[], sequential: boolean): DashboardBar[] => {
  let offset = 0;
  return runs.map((run) => {
    const bar = finishedBar(run, sequential ? offset : 0);
    offset += run.durationMs;
    return bar;
  });
};

export const createDashboardModel = (maxRows = DASHBOARD_MAX_ROWS): DashboardModel => {
  const rows = new Map<string, DashboardRow>();
  const durations = new Map<string, number[]>();
  const problems = new Map<string, Partial<Record<RunProblemKind, number>>>();
  const listeners = new Set<(message: DashboardMessage) => void>();
  let unhooked = 0;

  const tell = (message: DashboardMessage): void => {
    for (const listener of listeners) listener(message);
  };
  const stats = (): DashboardMessage => ({
    type: 'stats',
    hooks: [...durations]
      .map(([label, values]) => Object.assign({ label, problems: problems.get(label) ?? {} }, latencyStats(values)))
      .sort((a, b) => b.p95 - a.p95 || (a.label < b.label ? -1 : 1)),
  });
  const count = (bar: DashboardBar): void => {
    if (bar.durationMs === undefined || bar.outcome === 'canceled' || bar.outcome === 'skipped') return;
    const values = durations.get(bar.label) ?? [];
    values.push(bar.durationMs);
    if (values.length > DURATIONS_PER_HOOK) values.shift();
    durations.set(bar.label, values);
    if (bar.problemKind !== undefined) {
      const kinds = problems.get(bar.label) ?? {};
      kinds[bar.problemKind] = (kinds[bar.problemKind] ?? 0) + 1;
      problems.set(bar.label, kinds);
    }
  };
  const put = (row: DashboardRow): void => {
    rows.delete(row.id);
    rows.set(row.id, row);
    if (rows.size > maxRows) rows.delete(rows.keys().next().value as string);
    tell({ type: 'row', row });
  };
  const decide = (
    row: DashboardRow,
    decision: {
      result: Pick<DecisionRecord['result'], 'decision' | 'blocked' | 'stopped' | 'reason' | 'warnings'>;
      durationMs: number;
      input: string;
    },
  ): void => {
    row.state = 'decided';
    row.input = decision.input;
    row.decision = decision.result.decision ?? 'none';
    row.blocked = decision.result.blocked;
    row.stopped = decision.result.stopped;
    row.durationMs = decision.durationMs;
    row.warnings = [...decision.result.warnings];
    if (decision.result.reason !== undefined) row.reason = decision.result.reason;
  };
  const newRow = (id: string, event: string, at: number, project?: string): DashboardRow => {
    const row: DashboardRow = {
      id,
      event,
      input: '',
      at,
      state: 'running',
      decision: 'none',
      blocked: false,
      stopped: false,
      warnings: [],
      hooks: [],
    };
    if (project !== undefined) row.project = project;
    return row;
  };

  return {
    activity: (record, project) => {
      const id = `e${record.eventId}`;
      const row = rows.get(id) ?? newRow(id, record.event, record.at, project);
      if (record.type === 'start') {
        const bar: DashboardBar = {
          name: record.hook,
          label: hookLabel(record.hook),
          source: record.source,
          startMs: record.at - row.at,
        };
        if (record.statusMessage !== undefined) bar.status = record.statusMessage;
        row.hooks.push(bar);
      } else {
        const index = row.hooks.findIndex((bar) => bar.name === record.hook && bar.outcome === undefined);
        const bar = finishedBar(record.run, index === -1 ? 0 : (row.hooks[index] as DashboardBar).startMs);
        if (index === -1) row.hooks.push(bar);
        else row.hooks[index] = bar;
        count(bar);
      }
      put(row);
      if (record.type === 'finish') tell(stats());
    },
    decision: (record, project) => {
      if (record.eventId === undefined) {
        const row = newRow(`n${++unhooked}`, record.event, record.at, project);
        decide(row, record);
        put(row);
        return;
      }
      const id = `e${record.eventId}`;
      const live = rows.get(id);
      const row = live ?? newRow(id, record.event, record.at, project);
      if (record.at < row.at) {
        // The event was planned a moment before its first hook started: bars keep their place on its axis.
        for (const bar of row.hooks) bar.startMs += row.at - record.at;
        row.at = record.at;
      }
      decide(row, record);
      // Runs with no live record (the page joined mid-event) are drawn from the result alone.
      if (live === undefined) row.hooks = laidOut(record.result.hooks, record.sequential);
      put(row);
    },
    recorded: ({ line, recorded }) => {
      const row = newRow(`r${line}`, recorded.event, Date.parse(recorded.at));
      decide(row, {
        result: recorded.result,
        durationMs: recorded.durationMs,
        input: inputDigest(recorded.event, recorded.fields),
      });
      row.hooks = laidOut(recorded.result.hooks, recorded.sequential === true);
      for (const bar of row.hooks) count(bar);
      put(row);
      tell(stats());
    },
    snapshot: () => [...[...rows.values()].map((row): DashboardMessage => ({ type: 'row', row })), stats()],
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

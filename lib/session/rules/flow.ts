/**
 * `flow`: information-flow labels. Tool outputs get labels — from `label` matchers (`untrusted` for a web fetch)
 * or from the event's hooks (`hookSpecificOutput.labels` on the AfterTool) — and the labels follow the data: a
 * later call whose input carries a copied run of labelled text (at least `TAINT_MIN_LENGTH` characters) carries
 * its labels. A `sink` refuses the labels it names; the reason gives the data's path (source event, tool and
 * pointer → the sink's input pointer). Retained text is bounded (`retainBytes`, oldest dropped first); a string
 * shorter than the index's piece is not retained, since no input could ever be found to carry it.
 */
import type { PolicyVerdict, SessionStep } from '../types.js';
import type { SessionRule } from '../policyInstance.js';
import { matchScope, scoped, type StepScope } from './ruleScope.js';
import { compileStepMatch, type StepMatchSpec } from './stepMatch.js';
import { createTaintIndex, indexable, stringsOf, type TaintIndex, type TaintSource } from './taintIndex.js';

export interface FlowSpec {
  /** Outputs labelled by matcher: the AfterTool events matching (`event` defaults to AfterTool here). */
  readonly label?: readonly { readonly match: StepMatchSpec; readonly labels: readonly string[] }[];
  /** Calls that refuse data carrying some labels. */
  readonly sink?: readonly {
    readonly match: StepMatchSpec;
    readonly refuse: readonly string[];
    readonly decision?: 'deny' | 'ask' | 'stop';
  }[];
  /**
   * What the kept labelled text may take in the serialised state, in bytes: each string's tuple as JSON, in
   * UTF-8 (default 1,000,000); the oldest outputs are dropped past it. Strings shorter than 16 characters are not
   * kept (no input could be found to carry one).
   */
  readonly retainBytes?: number;
}

/**
 * A retained source as the state keeps it: `[seq, tool, labels, path, text]`, the fields of a {@link TaintSource}.
 * A tuple, since an object per source spent about a sixth of a full state on repeated keys.
 */
export type RetainedSource = [seq: number, tool: string, labels: string[], path: string, text: string];

export interface FlowState {
  /** Retained sources, oldest first (a state saved with `TaintSource` objects restores: they become tuples). */
  sources: RetainedSource[];
  /** What they take in the serialised state, in bytes (see `retainBytes`). */
  size: number;
}

const afterToolMatch = (spec: StepMatchSpec): StepMatchSpec =>
  typeof spec === 'string' ? { event: 'AfterTool', tool: spec } : Object.assign({ event: 'AfterTool' }, spec);

/** The flow rule's default `retainBytes`: with the few bytes other rules keep, a session's state stays within 1 MiB. */
export const DEFAULT_RETAIN_BYTES = 1_000_000;

/** What a retained source adds to the serialised state: its tuple as JSON in UTF-8, and the comma after it. */
const costOf = (source: RetainedSource): number => Buffer.byteLength(JSON.stringify(source)) + 1;

export const flow = (spec: FlowSpec): SessionRule<FlowState> => {
  const labellers = (spec.label ?? []).map((entry) => ({
    test: compileStepMatch(afterToolMatch(entry.match)),
    labels: entry.labels,
  }));
  const sinks = (spec.sink ?? []).map((entry) => ({
    test: compileStepMatch(entry.match),
    refuse: entry.refuse,
    decision: entry.decision ?? 'deny',
  }));
  const retain = spec.retainBytes ?? DEFAULT_RETAIN_BYTES;
  // The index of each state object: derived, rebuilt from the retained sources when a restored state comes in.
  const indexes = new WeakMap<FlowState, TaintIndex<RetainedSource>>();
  const indexOf = (state: FlowState): TaintIndex<RetainedSource> => {
    let index = indexes.get(state);
    if (index === undefined) {
      index = createTaintIndex();
      const sources = state.sources as (RetainedSource | TaintSource)[];
      // A restored state is measured again: an earlier version counted characters of text, not bytes of state.
      let size = 0;
      for (let i = 0; i < sources.length; i++) {
        const source = sources[i] as RetainedSource | TaintSource;
        const retained: RetainedSource = Array.isArray(source)
          ? source
          : [source.seq, source.tool, [...source.labels], source.path, source.text];
        sources[i] = retained;
        index.add(retained, retained[4]);
        size += costOf(retained);
      }
      state.size = size;
      dropPast(state, index);
      indexes.set(state, index);
    }
    return index;
  };

  /** Drops the oldest sources until the state is within `retain`. */
  function dropPast(state: FlowState, index: TaintIndex<RetainedSource>): void {
    while (state.size > retain && state.sources.length > 0) {
      const old = state.sources.shift() as RetainedSource;
      index.remove(old, old[4]);
      state.size -= costOf(old);
    }
  }

  const ingest = (state: FlowState, step: SessionStep, labels: string[]): void => {
    const index = indexOf(state);
    stringsOf(step.input.tool_response, '/tool_response', (path, text) => {
      if (!indexable(text) || text.length > retain) return;
      const source: RetainedSource = [step.seq, step.tool ?? step.event, labels, path, text];
      const cost = costOf(source);
      if (cost > retain) return;
      state.sources.push(source);
      state.size += cost;
      index.add(source, text);
      dropPast(state, index);
    });
  };

  const rule: SessionRule<FlowState> = {
    initial: () => ({ sources: [], size: 0 }),
    step: (state, step): PolicyVerdict | undefined => {
      if (step.kind === 'outcome') {
        // The AfterTool's outcome: the matchers' labels and its hooks' labels together.
        if (step.event !== 'AfterTool' || step.blocked === true) return undefined;
        const labels = new Set(step.labels ?? []);
        for (const labeller of labellers)
          if (labeller.test(step)) for (const label of labeller.labels) labels.add(label);
        if (labels.size > 0) ingest(state, step, [...labels].sort());
        return undefined;
      }
      for (const sink of sinks) {
        if (!sink.test(step)) continue;
        const index = indexOf(state);
        let verdict: PolicyVerdict | undefined;
        stringsOf(step.input.tool_input, '/tool_input', (path, text) => {
          if (verdict !== undefined) return;
          const source = index.find(text);
          if (source === undefined) return;
          const [seq, tool, labels, from] = source;
          const refused = labels.filter((label) => sink.refuse.includes(label));
          if (refused.length === 0) return;
          verdict = {
            decision: sink.decision,
            reason: `${path} carries ${refused.map((label) => `"${label}"`).join(', ')} data: event #${String(seq)} ${tool} ${from} → ${step.tool ?? step.event} ${path}`,
            because: [seq],
          };
        });
        if (verdict !== undefined) return verdict;
      }
      return undefined;
    },
  };
  // Any AfterTool outcome may be labelled by its own hooks, whatever the tool.
  const scope: StepScope[] = [{ kind: 'outcome', event: 'AfterTool' }];
  for (const entry of spec.sink ?? []) scope.push(matchScope('call', entry.match));
  return scoped(rule, scope);
};

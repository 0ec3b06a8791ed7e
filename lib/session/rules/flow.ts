/**
 * `flow`: information-flow labels. Tool outputs get labels — from `label` matchers (`untrusted` for a web fetch)
 * or from the event's hooks (`hookSpecificOutput.labels` on the AfterTool) — and the labels follow the data: a
 * later call whose input carries a copied run of labelled text (at least `TAINT_MIN_LENGTH` characters) carries
 * its labels. A `sink` refuses the labels it names; the reason gives the data's path (source event, tool and
 * pointer → the sink's input pointer). Retained text is bounded (`retainBytes`, oldest dropped first).
 */
import type { PolicyVerdict, SessionStep } from '../types.js';
import type { SessionRule } from '../policyInstance.js';
import { matchScope, scoped, type StepScope } from './ruleScope.js';
import { compileStepMatch, type StepMatchSpec } from './stepMatch.js';
import { createTaintIndex, stringsOf, type TaintIndex, type TaintSource } from './taintIndex.js';

export interface FlowSpec {
  /** Outputs labelled by matcher: the AfterTool events matching (`event` defaults to AfterTool here). */
  readonly label?: readonly { readonly match: StepMatchSpec; readonly labels: readonly string[] }[];
  /** Calls that refuse data carrying some labels. */
  readonly sink?: readonly {
    readonly match: StepMatchSpec;
    readonly refuse: readonly string[];
    readonly decision?: 'deny' | 'ask' | 'stop';
  }[];
  /** Labelled text kept, in UTF-16 characters (default 1 MiB); the oldest outputs are dropped past it. */
  readonly retainBytes?: number;
}

export interface FlowState {
  /** Retained sources, oldest first. */
  sources: TaintSource[];
  /** Their texts' total length. */
  size: number;
}

const afterToolMatch = (spec: StepMatchSpec): StepMatchSpec =>
  typeof spec === 'string' ? { event: 'AfterTool', tool: spec } : Object.assign({ event: 'AfterTool' }, spec);

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
  const retain = spec.retainBytes ?? 1024 * 1024;
  // The index of each state object: derived, rebuilt from the retained sources when a restored state comes in.
  const indexes = new WeakMap<FlowState, TaintIndex<TaintSource>>();
  const indexOf = (state: FlowState): TaintIndex<TaintSource> => {
    let index = indexes.get(state);
    if (index === undefined) {
      index = createTaintIndex();
      for (const source of state.sources) index.add(source, source.text);
      indexes.set(state, index);
    }
    return index;
  };

  const ingest = (state: FlowState, step: SessionStep, labels: readonly string[]): void => {
    const index = indexOf(state);
    stringsOf(step.input.tool_response, '/tool_response', (path, text) => {
      if (text.length === 0 || text.length > retain) return;
      const source: TaintSource = { seq: step.seq, tool: step.tool ?? step.event, labels, path, text };
      state.sources.push(source);
      state.size += text.length;
      index.add(source, text);
      while (state.size > retain) {
        const old = state.sources.shift() as TaintSource;
        index.remove(old, old.text);
        state.size -= old.text.length;
      }
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
          const refused = source.labels.filter((label) => sink.refuse.includes(label));
          if (refused.length === 0) return;
          verdict = {
            decision: sink.decision,
            reason: `${path} carries ${refused.map((label) => `"${label}"`).join(', ')} data: event #${String(source.seq)} ${source.tool} ${source.path} → ${step.tool ?? step.event} ${path}`,
            because: [source.seq],
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

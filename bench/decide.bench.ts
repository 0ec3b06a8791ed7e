/**
 * `decide()` over a stream where no hook matches, against an rxjs `map` over the same array in the same run:
 * (a) no hook for the event at all, (b) one hook whose matcher misses. One sample drains the whole stream,
 * so the figure is the per-event cost of a long stream, subscription set-up amortised away.
 */
import { tmpdir } from 'node:os';
import { from, map, type Observable } from 'rxjs';
import { createHookSystem } from '../dist/lib/index.js';
import { interleave, micros, round3, scaled } from './measure.js';

/** Where each contender's answers go, so that no work can be optimised away. */
export let lastResult: unknown;

export interface DecideFigures {
  description: string;
  eventsPerStream: number;
  microsecondsPerEvent: { rxjsMap: number; decideNoHook: number; decideMatcherMiss: number };
  /** Each `decide()` contender's time over the rxjs `map`'s, from unrounded medians. */
  vsRxjsMap: { decideNoHook: number; decideMatcherMiss: number };
}

/** Subscribes, and settles when the stream completes having emitted one value per event. */
const drain = (source: Observable<unknown>, expected: number): Promise<void> =>
  new Promise((resolve, reject) => {
    let count = 0;
    source.subscribe({
      next: (value) => {
        lastResult = value;
        count++;
      },
      error: reject,
      complete: () => {
        if (count === expected) resolve();
        else reject(new Error(`decide bench is wrong: ${count} values for ${expected} events`));
      },
    });
  });

export const benchDecide = async (): Promise<DecideFigures> => {
  const events = scaled(100_000);
  const stream = Array.from({ length: events }, (_, i) => ({
    tool_name: 'write_file',
    tool_input: { path: `/tmp/${i % 100}`, content: 'x' },
  }));
  let hookRuns = 0;
  const run = (): undefined => {
    hookRuns++;
  };
  // A hook on another event, so that "no hook" means none for this event rather than an empty registry.
  const noHook = createHookSystem({ projectDir: tmpdir() });
  noHook.register('AfterTool', { type: 'function', name: 'elsewhere', run });
  const matcherMiss = createHookSystem({ projectDir: tmpdir() });
  matcherMiss.register('BeforeTool', { type: 'function', name: 'shell-only', run }, { matcher: '^run_shell_command$' });
  // The baseline's function does what a host's own mapping would: build one small object per event.
  const toAnswer = (input: (typeof stream)[number]): object => ({ blocked: false, input });
  try {
    const perStream = await interleave(
      {
        rxjsMap: () => drain(from(stream).pipe(map(toAnswer)), events),
        decideNoHook: () => drain(from(stream).pipe(noHook.decide('BeforeTool')), events),
        decideMatcherMiss: () => drain(from(stream).pipe(matcherMiss.decide('BeforeTool')), events),
      },
      { rounds: scaled(15, 3), batch: 1 },
    );
    if (hookRuns > 0) throw new Error(`decide bench is wrong: a hook that should not match ran ${hookRuns}×`);
    const vsMap = (name: string): number => round3((perStream[name] ?? NaN) / (perStream.rxjsMap ?? NaN));
    return {
      description: `median of ${scaled(15, 3)} interleaved rounds, each draining a stream of ${events} events`,
      eventsPerStream: events,
      microsecondsPerEvent: {
        rxjsMap: micros(perStream.rxjsMap, events),
        decideNoHook: micros(perStream.decideNoHook, events),
        decideMatcherMiss: micros(perStream.decideMatcherMiss, events),
      },
      vsRxjsMap: { decideNoHook: vsMap('decideNoHook'), decideMatcherMiss: vsMap('decideMatcherMiss') },
    };
  } finally {
    await Promise.all([noHook.dispose(), matcherMiss.dispose()]);
  }
};

/**
 * Engine overhead: the no-hook fast path and an event with one function hook, in events per second,
 * side by side with a plain loop doing the same lookup (a Map from event name to hooks).
 */
import { createHookSystem } from '../dist/lib/index.js';
import { interleave, round3 } from './measure.js';

const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a', content: 'x' } };

/** Where each contender's answer goes, so that no work can be optimised away. */
export let lastResult: unknown;

export const benchEngine = async (): Promise<Record<string, unknown>> => {
  const none = createHookSystem({ projectDir: '/tmp' });
  const one = createHookSystem({ projectDir: '/tmp' });
  one.register('BeforeTool', { type: 'function', name: 'allow', run: () => ({ decision: 'allow' }) });

  // The baseline: what a host would write by hand — look the event up, return a fixed answer.
  const table = new Map<string, ((input: unknown) => unknown)[]>([['AfterTool', [() => ({})]]]);
  const EMPTY = { blocked: false };
  const plainLookup = (event: string, input: unknown): unknown => {
    const list = table.get(event);
    if (list === undefined) return EMPTY;
    return list.map((hook) => hook(input));
  };
  const plainAsync = async (event: string, input: unknown): Promise<unknown> => plainLookup(event, input);
  const oneTable = new Map([['BeforeTool', [(input: unknown) => ({ decision: 'allow', input })]]]);
  const plainOneHook = async (input: unknown): Promise<unknown> => {
    const list = oneTable.get('BeforeTool') ?? [];
    const outputs = await Promise.all(list.map(async (hook) => hook(input)));
    return { blocked: outputs.some((o) => (o as { decision: string }).decision === 'block') };
  };

  const perCall = await interleave(
    {
      plainLookupSync: () => {
        lastResult = plainLookup('BeforeTool', fields);
      },
      plainLookupAsync: async () => {
        lastResult = await plainAsync('BeforeTool', fields);
      },
      fastPath: async () => {
        lastResult = await none.fire('BeforeTool', fields);
      },
      plainOneHook: async () => {
        lastResult = await plainOneHook(fields);
      },
      oneFunctionHook: async () => {
        lastResult = await one.fire('BeforeTool', fields);
      },
    },
    { rounds: 15, batch: 20_000 },
  );
  await Promise.all([none.dispose(), one.dispose()]);
  const eps = (ms: number | undefined): number => Math.round(1000 / (ms ?? Infinity));
  return {
    description: 'events per second (median of 15 interleaved rounds of 20 000 events each)',
    eventsPerSecond: {
      plainLookupSync: eps(perCall.plainLookupSync),
      plainLookupAsync: eps(perCall.plainLookupAsync),
      hookstreamFastPath: eps(perCall.fastPath),
      plainOneHookAsync: eps(perCall.plainOneHook),
      hookstreamOneFunctionHook: eps(perCall.oneFunctionHook),
    },
    ratios: {
      fastPathVsPlainAsyncLookup: round3((perCall.fastPath ?? 0) / (perCall.plainLookupAsync ?? 1)),
      fastPathVsPlainSyncLookup: round3((perCall.fastPath ?? 0) / (perCall.plainLookupSync ?? 1)),
      oneFunctionHookVsPlainOneHook: round3((perCall.oneFunctionHook ?? 0) / (perCall.plainOneHook ?? 1)),
    },
    microsecondsPerEvent: Object.fromEntries(Object.entries(perCall).map(([k, v]) => [k, round3(v * 1000)])),
  };
};

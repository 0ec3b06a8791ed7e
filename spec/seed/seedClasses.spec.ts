import { describe, expect, it } from 'vitest';
import { HookAggregator, HookRunner } from '../../lib/seed/index.js';
import { createFunctionExecutor } from '../../lib/entry/compose.js';
import { type HookEntry, type HookInput, type HookOutput } from '../../lib/index.js';

const entry = (id: number, output: HookOutput | ((input: HookInput) => HookOutput)): HookEntry => ({
  id,
  event: 'BeforeTool',
  definition: {
    type: 'function',
    name: `h${id}`,
    run: (input) => (typeof output === 'function' ? output(input) : output),
  },
  origin: { source: 'runtime' },
  sequential: false,
  name: `h${id}`,
});

const input: HookInput = {
  session_id: 's',
  transcript_path: '',
  cwd: '/tmp',
  timestamp: '2026-01-01T00:00:00.000Z',
  hook_event_name: 'BeforeTool',
  tool_name: 'write_file',
  tool_input: { path: '/a' },
};

describe('seed classes', () => {
  const runner = new HookRunner(createFunctionExecutor());

  it('HookRunner runs in parallel and in sequence with chaining, and HookAggregator merges the records', async () => {
    const hooks = [
      entry(1, { hookSpecificOutput: { tool_input: { path: '/b' } } }),
      entry(2, (i) => ({ systemMessage: (i as unknown as { tool_input: { path: string } }).tool_input.path })),
    ];
    const parallel = await runner.executeHooksParallel(hooks, 'BeforeTool', input);
    expect(parallel.map((r) => r.output?.systemMessage)).toEqual([undefined, '/a']);
    const sequential = await runner.executeHooksSequential(hooks, 'BeforeTool', input);
    expect(sequential.map((r) => r.output?.systemMessage)).toEqual([undefined, '/b']);

    const aggregated = new HookAggregator().aggregateResults(sequential, 'BeforeTool', input);
    expect(aggregated.success).toBe(true);
    expect(aggregated.allOutputs).toHaveLength(2);
    expect(aggregated.finalOutput?.systemMessage).toBe('/b');
  });

  it('HookAggregator reports a block in finalOutput and health in success', async () => {
    const runs = await runner.executeHooksParallel(
      [entry(1, { decision: 'deny', reason: 'no' }), entry(2, {})],
      'BeforeTool',
      input,
    );
    const aggregated = new HookAggregator().aggregateResults(runs, 'BeforeTool', input);
    expect(aggregated.finalOutput?.isBlockingDecision()).toBe(true);
    expect(aggregated.finalOutput?.getEffectiveReason()).toBe('no');
    expect(aggregated.success).toBe(true);
    expect(JSON.parse(JSON.stringify(aggregated))).toMatchObject({
      finalOutput: { decision: 'deny', reason: 'no' },
      errors: [],
    });
  });
});

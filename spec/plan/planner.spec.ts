import { describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/index.js';
import { HookPlanner, matchTargetOf } from '../../lib/plan/planner.js';
import { HookRegistry } from '../../lib/plan/registry.js';
import { compileMatcher } from '../../lib/plan/matcher.js';
import { runtimeEntry } from '../../lib/system/registration.js';
import type { HookEntry, HookPlan, Matcher } from '../../lib/model/types.js';
import { beforeAgent, beforeTool, commandDraft, inputOf, sessionStart } from '../helpers/marbles.js';

const registryOf = (configured: readonly Omit<HookEntry, 'id'>[], runtime: readonly Omit<HookEntry, 'id'>[] = []) => {
  const registry = new HookRegistry();
  registry.setConfigured(configured);
  for (const entry of runtime) registry.add(entry);
  return registry;
};

const names = (plan: HookPlan) => plan.hooks.map((hook) => hook.name);
const sources = (plan: HookPlan) => plan.hooks.map((hook) => hook.origin.source);

const planFor = (planner: HookPlanner, input: ReturnType<typeof beforeTool> | ReturnType<typeof sessionStart>) =>
  planner.createExecutionPlan(input.hook_event_name, input);

describe('HookPlanner', () => {
  it('orders hooks by source priority: runtime > project > user > system > extension', () => {
    const registry = registryOf(
      [
        commandDraft('ext', { source: 'extension' }),
        commandDraft('sys', { source: 'system' }),
        commandDraft('usr', { source: 'user' }),
        commandDraft('prj', { source: 'project' }),
      ],
      [commandDraft('rt', { source: 'runtime' })],
    );
    const plan = planFor(new HookPlanner(registry), beforeTool());
    expect(names(plan)).toEqual(['rt', 'prj', 'usr', 'sys', 'ext']);
    expect(sources(plan)).toEqual(['runtime', 'project', 'user', 'system', 'extension']);
  });

  it('keeps config order within a source', () => {
    const registry = registryOf([
      commandDraft('u1', { source: 'user' }),
      commandDraft('p1', { source: 'project' }),
      commandDraft('u2', { source: 'user' }),
      commandDraft('p2', { source: 'project' }),
      commandDraft('p3', { source: 'project' }),
    ]);
    expect(names(planFor(new HookPlanner(registry), beforeTool()))).toEqual(['p1', 'p2', 'p3', 'u1', 'u2']);
  });

  it('keeps runtime hooks in registration order, before every configured hook', () => {
    const registry = registryOf(
      [commandDraft('p1')],
      [commandDraft('r1', { source: 'runtime' }), commandDraft('r2', { source: 'runtime' })],
    );
    expect(names(planFor(new HookPlanner(registry), beforeTool()))).toEqual(['r1', 'r2', 'p1']);
  });

  it('dedups equal hooks and keeps the instance from the most trusted source', () => {
    const registry = registryOf([
      commandDraft('./lint.sh', { source: 'user', name: 'lint (user)' }),
      commandDraft('./other.sh', { source: 'user' }),
      commandDraft('./lint.sh', { source: 'project', name: 'lint (project)' }),
      commandDraft('./lint.sh', { source: 'project', name: 'lint (project, again)' }),
    ]);
    const plan = planFor(new HookPlanner(registry), beforeTool());
    expect(names(plan)).toEqual(['lint (user)', './other.sh']);
  });

  it('dedups a runtime command over a configured one', () => {
    const registry = registryOf(
      [commandDraft('./lint.sh', { source: 'project' })],
      [runtimeEntry('BeforeTool', { type: 'command', command: './lint.sh', name: 'lint (runtime)' }).entry],
    );
    expect(names(planFor(new HookPlanner(registry), beforeTool()))).toEqual(['lint (runtime)']);
  });

  it('includes the args in the dedup key of the exec form', () => {
    const registry = registryOf([
      commandDraft('node', { args: ['a.mjs'], name: 'node a' }),
      commandDraft('node', { args: ['b.mjs'], name: 'node b' }),
      commandDraft('node', { args: ['a.mjs'], name: 'node a again' }),
      commandDraft('node', { name: 'node shell form' }),
    ]);
    expect(names(planFor(new HookPlanner(registry), beforeTool()))).toEqual(['node a', 'node b', 'node shell form']);
  });

  it('builds the same exec-form keys from settings and from runtime registration', () => {
    const loaded = loadSettingsSync({
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: 'node', args: ['a.mjs'], name: 'settings a' },
              { type: 'command', command: 'node', args: ['b.mjs'], name: 'settings b' },
              { type: 'command', command: 'node', args: ['a.mjs'], name: 'settings a again' },
            ],
          },
        ],
      },
    });
    expect(loaded.problems).toEqual([]);
    const registry = registryOf(loaded.entries, [
      runtimeEntry('BeforeTool', { type: 'command', command: 'node', args: ['b.mjs'], name: 'runtime b' }).entry,
    ]);
    expect(names(planFor(new HookPlanner(registry), beforeTool()))).toEqual(['runtime b', 'settings a']);
  });

  it('skips disabled hook names', () => {
    const registry = registryOf([commandDraft('a'), commandDraft('b'), commandDraft('c')]);
    expect(names(planFor(new HookPlanner(registry, new Set(['b'])), beforeTool()))).toEqual(['a', 'c']);
  });

  it('lets a lower-priority duplicate run when the higher one is disabled', () => {
    const registry = registryOf([
      commandDraft('./lint.sh', { source: 'user', name: 'user lint' }),
      commandDraft('./lint.sh', { source: 'project', name: 'project lint' }),
    ]);
    expect(names(planFor(new HookPlanner(registry, new Set(['project lint'])), beforeTool()))).toEqual(['user lint']);
  });

  it('filters by matcher on tool_name', () => {
    const registry = registryOf([
      commandDraft('writes', { matcher: '^(write_file|replace)$' }),
      commandDraft('edits', { matcher: 'Edit|Write' }),
      commandDraft('all'),
      commandDraft('star', { matcher: '*' }),
    ]);
    const planner = new HookPlanner(registry);
    expect(names(planFor(planner, beforeTool('write_file')))).toEqual(['writes', 'all', 'star']);
    expect(names(planFor(planner, beforeTool('MultiEdit')))).toEqual(['edits', 'all', 'star']);
    expect(names(planFor(planner, beforeTool('read_file')))).toEqual(['all', 'star']);
  });

  it('filters SessionStart hooks by their source trigger', () => {
    const registry = registryOf([
      commandDraft('on-resume', { event: 'SessionStart', matcher: '^resume$' }),
      commandDraft('on-start', { event: 'SessionStart', matcher: 'startup|clear' }),
      commandDraft('always', { event: 'SessionStart' }),
    ]);
    const planner = new HookPlanner(registry);
    expect(names(planFor(planner, sessionStart('resume')))).toEqual(['on-resume', 'always']);
    expect(names(planFor(planner, sessionStart('clear')))).toEqual(['on-start', 'always']);
  });

  it('ignores a matcher on an event without a match target', () => {
    // createEntry already drops such a matcher; this entry keeps one to prove the planner ignores it too.
    const draft = {
      ...commandDraft('ctx', { event: 'BeforeAgent' }),
      matcher: compileMatcher('never-matches').matcher,
    };
    const registry = registryOf([draft]);
    const input = beforeAgent('hello');
    expect(names(new HookPlanner(registry).createExecutionPlan('BeforeAgent', input))).toEqual(['ctx']);
  });

  it('skips matcher hooks when the match target is missing from the fields', () => {
    const registry = registryOf([commandDraft('guard', { matcher: 'write' }), commandDraft('all')]);
    expect(names(new HookPlanner(registry).createExecutionPlan('BeforeTool', {}))).toEqual(['all']);
  });

  it('plans sequentially when any matching hook comes from a sequential group', () => {
    const registry = registryOf([
      commandDraft('parallel-1'),
      commandDraft('sequential-writes', { matcher: 'write', sequential: true }),
      commandDraft('parallel-2'),
    ]);
    const planner = new HookPlanner(registry);
    const write = planFor(planner, beforeTool('write_file'));
    expect(write.sequential).toBe(true);
    expect(names(write)).toEqual(['parallel-1', 'sequential-writes', 'parallel-2']);
    const read = planFor(planner, beforeTool('read_file'));
    expect(read.sequential).toBe(false);
    expect(names(read)).toEqual(['parallel-1', 'parallel-2']);
  });

  it('does not count a sequential hook that was deduplicated or disabled', () => {
    const registry = registryOf([
      commandDraft('./lint.sh', { source: 'project', sequential: true }),
      commandDraft('./lint.sh', { source: 'user', name: 'user lint' }),
      commandDraft('seq', { sequential: true }),
    ]);
    expect(planFor(new HookPlanner(registry, new Set(['seq'])), beforeTool()).sequential).toBe(false);
  });

  it('gives an empty plan for an event without hooks', () => {
    const registry = registryOf([commandDraft('a')]);
    const planner = new HookPlanner(registry);
    expect(
      planner.createExecutionPlan(
        'AfterTool',
        inputOf('AfterTool', { tool_name: 't', tool_input: {}, tool_response: {} }),
      ),
    ).toEqual({
      event: 'AfterTool',
      hooks: [],
      sequential: false,
    });
  });

  it('gives a plan taken before a change the hooks it saw', () => {
    const registry = registryOf([commandDraft('a')]);
    const planner = new HookPlanner(registry);
    const before = planFor(planner, beforeTool());
    registry.add(commandDraft('late', { source: 'runtime' }));
    expect(names(before)).toEqual(['a']);
    expect(names(planFor(planner, beforeTool()))).toEqual(['late', 'a']);
  });

  it('propagates a throwing matcher', () => {
    const registry = registryOf([
      commandDraft('broken', {
        matcher: {
          pattern: 'x',
          test: () => {
            throw new Error('matcher threw');
          },
        },
      }),
    ]);
    expect(() => planFor(new HookPlanner(registry), beforeTool())).toThrow('matcher threw');
  });
});

describe('matchTargetOf', () => {
  it('reads the event match target field, when it is a string', () => {
    expect(matchTargetOf('BeforeTool', { tool_name: 'write_file' })).toBe('write_file');
    expect(matchTargetOf('SessionStart', { source: 'resume' })).toBe('resume');
    expect(matchTargetOf('Notification', { notification_type: 'idle' })).toBe('idle');
    expect(matchTargetOf('BeforeTool', { tool_name: 42 })).toBeUndefined();
    expect(matchTargetOf('BeforeAgent', { prompt: 'x' })).toBeUndefined();
  });
});

describe('HookPlanner: an event with no hooks at all', () => {
  it('gets one shared, frozen empty plan: nothing is allocated per call', () => {
    const planner = new HookPlanner(new HookRegistry());
    const first = planner.createExecutionPlan('BeforeModel', {});
    expect(first).toEqual({ event: 'BeforeModel', hooks: [], sequential: false });
    expect(planner.createExecutionPlan('BeforeModel', { llm_request: {} })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(planner.createExecutionPlan('AfterModel', {}).event).toBe('AfterModel');
  });
});

describe('HookPlanner: memoised plans', () => {
  /** A matcher for tool names starting with `prefix` that counts the targets it was asked about. */
  const countingMatcher = (prefix: string) => {
    const asked: string[] = [];
    const matcher: Matcher = {
      pattern: `^${prefix}`,
      test: (target) => {
        asked.push(target);
        return target.startsWith(prefix);
      },
    };
    return { matcher, asked };
  };

  it('returns the same frozen plan for the same event and tool name, whatever the other fields', () => {
    // Plans are memoised per (event, match target): a repeated tool call plans nothing anew.
    const planner = new HookPlanner(registryOf([commandDraft('writes', { matcher: '^write_' }), commandDraft('all')]));
    const first = planFor(planner, beforeTool('write_file', { path: 'a.txt' }));
    const again = planFor(planner, beforeTool('write_file', { path: 'b.txt' }));
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.hooks)).toBe(true);
    const other = planFor(planner, beforeTool('read_file'));
    expect(other).not.toBe(first);
    expect(names(other)).toEqual(['all']);
    expect(planFor(planner, beforeTool('read_file'))).toBe(other);
  });

  it('does not call a matcher again for a memoised target', () => {
    // The planner's memo sits above the matcher's own: a known target costs one map lookup.
    const { matcher, asked } = countingMatcher('write');
    const planner = new HookPlanner(registryOf([commandDraft('writes', { matcher })]));
    for (let i = 0; i < 3; i += 1) expect(names(planFor(planner, beforeTool('write_file')))).toEqual(['writes']);
    expect(names(planFor(planner, beforeTool('read_file')))).toEqual([]);
    planFor(planner, beforeTool('write_file'));
    expect(asked).toEqual(['write_file', 'read_file']);
  });

  it('memoises one plan for an event without a match target', () => {
    // No target: every event of the kind shares the plan.
    const planner = new HookPlanner(registryOf([commandDraft('ctx', { event: 'BeforeAgent' })]));
    const first = planner.createExecutionPlan('BeforeAgent', beforeAgent('one'));
    expect(planner.createExecutionPlan('BeforeAgent', beforeAgent('two'))).toBe(first);
  });

  it('builds a new plan after registry.add and registry.remove that includes, then excludes, the hook', () => {
    // A memo that outlived a registry change would keep running a removed hook or skip a new one.
    const { matcher, asked } = countingMatcher('write');
    const registry = registryOf([commandDraft('writes', { matcher })]);
    const planner = new HookPlanner(registry);
    const before = planFor(planner, beforeTool('write_file'));
    const added = registry.add(commandDraft('late', { source: 'runtime' }));
    const withLate = planFor(planner, beforeTool('write_file'));
    expect(withLate).not.toBe(before);
    expect(names(withLate)).toEqual(['late', 'writes']);
    expect(planFor(planner, beforeTool('write_file'))).toBe(withLate);
    expect(registry.remove(added.id)).toBe(true);
    const without = planFor(planner, beforeTool('write_file'));
    expect(without).not.toBe(withLate);
    expect(names(without)).toEqual(['writes']);
    expect(names(before)).toEqual(['writes']);
    expect(asked).toEqual(['write_file', 'write_file', 'write_file']);
  });

  it('builds a new plan after the configured hooks are replaced (a reload)', () => {
    // setConfigured is the reload path: its plans are dropped like those of add/remove.
    const registry = registryOf([commandDraft('old')]);
    const planner = new HookPlanner(registry);
    const before = planFor(planner, beforeTool());
    registry.setConfigured([commandDraft('new')]);
    expect(names(planFor(planner, beforeTool()))).toEqual(['new']);
    expect(names(before)).toEqual(['old']);
  });

  it('plans correctly past the memo bound, asking the matcher again once a target was evicted', () => {
    // The memo is bounded (a session with endless tool names must not grow it without limit).
    const { matcher, asked } = countingMatcher('write');
    const planner = new HookPlanner(registryOf([commandDraft('writes', { matcher })]));
    const TARGETS = 300;
    for (let i = 0; i < TARGETS; i += 1) planFor(planner, beforeTool(`tool_${i}`));
    expect(names(planFor(planner, beforeTool('write_file')))).toEqual(['writes']);
    expect(names(planFor(planner, beforeTool('tool_0')))).toEqual([]);
    expect(asked.filter((target) => target === 'tool_0')).toHaveLength(2);
  });
});

/**
 * The background split at planning (issue 14): `async` and `asyncRewake` hooks go to `plan.background`, the
 * rest stay in `plan.hooks`; the sequential rule looks at the foreground only; `if` conditions filter both
 * lists; a plan without a background hook is the same memoised object as before, with `background` undefined.
 */
import { describe, expect, it } from 'vitest';
import type { CommandHookConfig, HookEntry, HookPlan } from '../../lib/model/types.js';
import { createEntry } from '../../lib/plan/createEntry.js';
import { isBackgroundHook } from '../../lib/plan/planner.js';
import { beforeTool, commandDraft, plannerOf } from '../helpers/marbles.js';

const draft = (
  command: string,
  extra: Partial<CommandHookConfig> = {},
  options: { sequential?: boolean; condition?: HookEntry['condition'] } = {},
): Omit<HookEntry, 'id'> =>
  createEntry('BeforeTool', Object.assign({ type: 'command' as const, command }, extra), {
    source: 'project',
    sequential: options.sequential,
    condition: options.condition,
  }).entry;

const names = (hooks: readonly HookEntry[] | undefined) => hooks?.map((hook) => hook.name);
const planOf = (entries: readonly Omit<HookEntry, 'id'>[], input = beforeTool()): HookPlan =>
  plannerOf(entries).createExecutionPlan(input.hook_event_name, input);

/** A condition that holds when the tool input's path is `path`. */
const onPath = (path: string): HookEntry['condition'] => ({
  rule: `path == ${path}`,
  test: (fields) => (fields.tool_input as { path?: unknown } | undefined)?.path === path,
});

describe('planning background hooks', () => {
  it('splits async hooks off in plan order and keeps the rest in the foreground', () => {
    const plan = planOf([
      draft('guard'),
      draft('indexer', { async: true }),
      draft('audit'),
      draft('tests', { async: true, asyncRewake: true }),
    ]);
    expect(names(plan.hooks)).toEqual(['guard', 'audit']);
    expect(names(plan.background)).toEqual(['indexer', 'tests']);
    expect(Object.isFrozen(plan.background)).toBe(true);
  });

  it('treats asyncRewake alone as a background hook, as Claude Code does', () => {
    const plan = planOf([draft('tests', { asyncRewake: true })]);
    expect(plan.hooks).toEqual([]);
    expect(names(plan.background)).toEqual(['tests']);
  });

  it('never makes a function hook a background hook', () => {
    const fn = createEntry('BeforeTool', { type: 'function', name: 'fn', run: () => undefined }).entry;
    expect(isBackgroundHook({ ...fn, id: 1 })).toBe(false);
    expect(isBackgroundHook({ ...draft('x', { async: false }), id: 2 })).toBe(false);
  });

  it('leaves a plan without background hooks as it was: background undefined, memoised per target', () => {
    const planner = plannerOf([commandDraft('guard'), commandDraft('audit')]);
    const first = planner.createExecutionPlan('BeforeTool', beforeTool());
    const again = planner.createExecutionPlan('BeforeTool', beforeTool());
    expect(first.background).toBeUndefined();
    expect('background' in first).toBe(true);
    expect(again).toBe(first);
  });

  it('memoises a split plan too', () => {
    const planner = plannerOf([draft('guard'), draft('indexer', { async: true })]);
    expect(planner.createExecutionPlan('BeforeTool', beforeTool())).toBe(
      planner.createExecutionPlan('BeforeTool', beforeTool()),
    );
  });

  it('a background hook in a sequential group runs beside the chain: it does not make the event sequential', () => {
    const background = planOf([draft('guard'), draft('indexer', { async: true }, { sequential: true })]);
    expect(background.sequential).toBe(false);
    const chained = planOf([draft('guard', {}, { sequential: true }), draft('indexer', { async: true })]);
    expect(chained.sequential).toBe(true);
    expect(names(chained.hooks)).toEqual(['guard']);
    expect(names(chained.background)).toEqual(['indexer']);
  });

  it('applies if-conditions to background hooks too, per event', () => {
    const entries = [draft('guard'), draft('indexer', { async: true }, { condition: onPath('src/a.ts') })];
    const kept = planOf(entries, beforeTool('write_file', { path: 'src/a.ts' }));
    expect(names(kept.background)).toEqual(['indexer']);
    const dropped = planOf(entries, beforeTool('write_file', { path: 'README.md' }));
    expect(names(dropped.hooks)).toEqual(['guard']);
    expect(dropped.background).toBeUndefined();
  });

  it('keeps an async copy of a command apart from the foreground one: they are two hooks, both run', () => {
    const plan = planOf([
      createEntry('BeforeTool', { type: 'command', command: 'same' }, { source: 'project' }).entry,
      createEntry('BeforeTool', { type: 'command', command: 'same', async: true }, { source: 'user' }).entry,
    ]);
    expect(names(plan.hooks)).toEqual(['same']);
    expect(plan.hooks[0]?.origin.source).toBe('project');
    expect(plan.background?.map((hook) => hook.origin.source)).toEqual(['user']);
  });
});

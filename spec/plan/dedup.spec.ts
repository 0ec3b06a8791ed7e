/**
 * Trust decided before dedup (issue 11): an unapproved project copy of a user's guard used to win the
 * dedup by priority, then be skipped as untrusted — the guard ran zero times. Now a trusted copy always
 * wins over an untrusted one, and the planner re-decides contested keys on every event.
 */
import { describe, expect, it } from 'vitest';
import { contestedKeys, dedupEntries, type PlanTrust } from '../../lib/plan/dedup.js';
import { HookPlanner } from '../../lib/plan/planner.js';
import { HookRegistry } from '../../lib/plan/registry.js';
import type { HookEntry } from '../../lib/core/types.js';
import { beforeTool, commandDraft } from '../helpers/marbles.js';

type Draft = Omit<HookEntry, 'id'>;
const project = (command: string, name = `${command} (project)`) => commandDraft(command, { source: 'project', name });
const user = (command: string, name = `${command} (user)`) => commandDraft(command, { source: 'user', name });

/** Trust where project entries named in `approved` are approved; the others need approval. */
const trustOf = (approved: Set<string>): PlanTrust => ({
  needsApproval: (entry) => entry.origin.source === 'project',
  isTrusted: (entry) => entry.origin.source !== 'project' || approved.has(entry.name),
});

const kept = (entries: readonly Draft[], trust?: PlanTrust) =>
  dedupEntries(entries, trust).kept.map((entry) => entry.name);

describe('dedupEntries', () => {
  const guard = [project('./deny.sh'), user('./deny.sh')];

  it('keeps the trusted user guard over an unapproved project copy, and drops the copy', () => {
    const { kept: hooks, dropped } = dedupEntries(guard, trustOf(new Set()));
    expect(hooks.map((entry) => entry.name)).toEqual(['./deny.sh (user)']);
    expect(dropped.get(guard[0] as Draft)).toBe(guard[1]);
  });

  it('keeps the higher-priority copy once it is approved, as before', () => {
    expect(kept(guard, trustOf(new Set(['./deny.sh (project)'])))).toEqual(['./deny.sh (project)']);
    expect(kept(guard)).toEqual(['./deny.sh (project)']);
  });

  it('keeps an approved later copy of a project command over an unapproved earlier one', () => {
    const copies = [project('./a.sh', 'first'), project('./a.sh', 'second')];
    expect(kept(copies, trustOf(new Set(['second'])))).toEqual(['second']);
    expect(kept(copies, trustOf(new Set()))).toEqual(['first']);
  });

  it('leaves an untrusted hook without a twin in the plan (the run reports it as untrusted)', () => {
    expect(kept([project('./only.sh'), user('./other.sh')], trustOf(new Set()))).toEqual([
      './only.sh (project)',
      './other.sh (user)',
    ]);
  });

  it('asks trust only about contested keys', () => {
    const asked: string[] = [];
    const trust: PlanTrust = {
      needsApproval: (entry) => entry.origin.source === 'project',
      isTrusted: (entry) => {
        asked.push(entry.name);
        return entry.origin.source !== 'project';
      },
    };
    const entries = [
      project('./deny.sh'),
      project('./solo.sh'),
      user('./deny.sh'),
      user('./u.sh'),
      user('./u.sh', 'u2'),
    ];
    expect([...contestedKeys(entries, trust)]).toEqual(['./deny.sh']);
    expect(dedupEntries(entries, trust).kept.map((entry) => entry.name)).toEqual([
      './solo.sh (project)',
      './deny.sh (user)',
      './u.sh (user)',
    ]);
    expect(asked).toEqual(['./deny.sh (project)', './deny.sh (user)']);
  });
});

describe('HookPlanner with trust', () => {
  it('re-decides a contested dedup on every event: approving the project copy lets it take over', () => {
    const registry = new HookRegistry();
    registry.setConfigured([project('./deny.sh'), user('./deny.sh'), user('./log.sh')]);
    const approved = new Set<string>();
    const planner = new HookPlanner(registry, new Set(), trustOf(approved));
    const plan = () => planner.createExecutionPlan('BeforeTool', beforeTool()).hooks.map((hook) => hook.name);
    expect(plan()).toEqual(['./deny.sh (user)', './log.sh (user)']);
    approved.add('./deny.sh (project)');
    expect(plan()).toEqual(['./deny.sh (project)', './log.sh (user)']);
  });

  it('memoises plans without a contested key, whatever trust says later', () => {
    const registry = new HookRegistry();
    registry.setConfigured([project('./only.sh'), user('./log.sh')]);
    const planner = new HookPlanner(registry, new Set(), trustOf(new Set()));
    const first = planner.createExecutionPlan('BeforeTool', beforeTool());
    expect(planner.createExecutionPlan('BeforeTool', beforeTool())).toBe(first);
    expect(first.hooks.map((hook) => hook.name)).toEqual(['./only.sh (project)', './log.sh (user)']);
  });
});

/**
 * Trust decided before dedup (issue 11): an unapproved project copy of a user's guard used to win the
 * dedup by priority, then be skipped as untrusted — the guard ran zero times. Now a trusted copy always
 * wins over an untrusted one, and the planner re-decides contested keys on every event.
 */
import { describe, expect, it } from 'vitest';
import { contestedKeys, dedupEntries, type PlanTrust } from '../../lib/plan/dedup.js';
import { HookPlanner } from '../../lib/plan/planner.js';
import { HookRegistry } from '../../lib/plan/registry.js';
import type { HookEntry } from '../../lib/model/types.js';
import { beforeTool, commandDraft } from '../helpers/marbles.js';
import { createEntry, entryKey } from '../../lib/plan/createEntry.js';
import type { CommandHookConfig, HookCondition, HookSource } from '../../lib/model/types.js';

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

  it('keeps the user guard over a project copy even once the copy is approved: a lower-trust copy never replaces it', () => {
    expect(kept(guard, trustOf(new Set(['./deny.sh (project)'])))).toEqual(['./deny.sh (user)']);
    expect(kept(guard)).toEqual(['./deny.sh (user)']);
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
  it('re-decides a contested dedup on every event: approving a project copy never lets it take over a user guard', () => {
    const registry = new HookRegistry();
    registry.setConfigured([project('./deny.sh'), user('./deny.sh'), user('./log.sh')]);
    const approved = new Set<string>();
    const planner = new HookPlanner(registry, new Set(), trustOf(approved));
    const plan = () => planner.createExecutionPlan('BeforeTool', beforeTool()).hooks.map((hook) => hook.name);
    expect(plan()).toEqual(['./deny.sh (user)', './log.sh (user)']);
    approved.add('./deny.sh (project)');
    expect(plan()).toEqual(['./deny.sh (user)', './log.sh (user)']);
  });

  it('re-decides between two project copies: the approved one runs', () => {
    const registry = new HookRegistry();
    registry.setConfigured([project('./a.sh', 'first'), project('./a.sh', 'second')]);
    const approved = new Set<string>();
    const planner = new HookPlanner(registry, new Set(), trustOf(approved));
    const plan = () => planner.createExecutionPlan('BeforeTool', beforeTool()).hooks.map((hook) => hook.name);
    expect(plan()).toEqual(['first']);
    approved.add('second');
    expect(plan()).toEqual(['second']);
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

/** A command hook of `source` with extra definition fields, and optionally an `if` condition. */
const hook = (
  source: HookSource,
  extra: Partial<CommandHookConfig> = {},
  condition?: HookCondition,
  name = `guard (${source})`,
): Draft =>
  createEntry(
    'BeforeTool',
    { type: 'command', command: './guard.sh', ...extra },
    { source, name, ...(condition === undefined ? {} : { condition }) },
  ).entry;

const never: HookCondition = { rule: 'Bash(never-matches *)', test: () => false };

describe('dedup that cannot take over a guard', () => {
  const approvedAll = trustOf(new Set(['guard (project)']));

  it.each([
    ['"async": true', { async: true }, undefined],
    ['"asyncRewake": true', { asyncRewake: true }, undefined],
    ['"timeout": 1', { timeout: 1 }, undefined],
    ['"failurePolicy": "allow"', { failurePolicy: 'allow' as const }, undefined],
    ['"required": false', { required: false }, undefined],
    ['an env', { env: { GUARD_OFF: '1' } }, undefined],
    ['an "if" that never holds', {}, never],
  ])('an approved project copy with %s is another hook: the user guard still runs beside it', (_, extra, condition) => {
    const entries = [hook('project', extra, condition), hook('user')];
    expect(entryKey(entries[0] as Draft)).not.toBe(entryKey(entries[1] as Draft));
    expect(kept(entries, approvedAll)).toEqual(['guard (project)', 'guard (user)']);
  });

  it('an equal copy runs once, as the most trusted; copies from equally trusted sources run once, as before', () => {
    const claude = hook('project', { timeout: 600_000 }, undefined, 'claude copy');
    const cursor = hook('project', { timeout: 60_000 }, undefined, 'cursor copy');
    expect(kept([claude, cursor])).toEqual(['claude copy']);
    expect(kept([claude, hook('user', { timeout: 60_000 })])).toEqual(['claude copy', 'guard (user)']);
  });

  it('an identical approved project copy runs once, as the user guard; so does a system policy hook', () => {
    expect(kept([hook('project'), hook('user')], approvedAll)).toEqual(['guard (user)']);
    expect(kept([hook('project'), hook('user'), hook('system')], approvedAll)).toEqual(['guard (system)']);
    expect(kept([hook('extension'), hook('project')], trustOf(new Set(['guard (project)'])))).toEqual([
      'guard (project)',
    ]);
  });

  it('ignores names, descriptions and key order, and keeps the bundle root apart', () => {
    const a = createEntry(
      'BeforeTool',
      { type: 'command', command: './g.sh', timeout: 5, failurePolicy: 'block' },
      {},
    ).entry;
    const b = createEntry(
      'BeforeTool',
      { failurePolicy: 'block', timeout: 5, command: './g.sh', type: 'command', name: 'x', description: 'y' },
      {},
    ).entry;
    expect(entryKey(a)).toBe(entryKey(b));
    const inBundle = { ...a, origin: { source: 'extension' as const, bundle: { root: '/plugins/p' } } };
    expect(entryKey(inBundle)).not.toBe(entryKey(a));
  });

  it('tells http hooks apart by url, headers and variables, and prompt hooks by prompt and model', () => {
    const http = (extra: Record<string, unknown>) =>
      entryKey(createEntry('BeforeTool', { type: 'http', url: 'https://g.example/check', ...extra }, {}).entry);
    expect(http({})).not.toBe(http({ headers: { X: '1' } }));
    expect(http({ headers: { X: '1' } })).not.toBe(http({ headers: { X: '1' }, allowedEnvVars: ['TOKEN'] }));
    const prompt = (extra: Record<string, unknown>) =>
      entryKey(createEntry('BeforeTool', { type: 'prompt', prompt: 'Is it safe?', ...extra }, {}).entry);
    expect(prompt({})).not.toBe(prompt({ model: 'small' }));
    expect(prompt({})).toBe(prompt({ name: 'judge' }));
  });
});

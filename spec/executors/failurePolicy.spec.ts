import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { HookDefinition, HookEntry, HookOutcome, HookRun } from '../../lib/model/types.js';
import {
  applyFailurePolicy,
  blocksOnFailure,
  failureModeOf,
  withFailurePolicy,
} from '../../lib/executors/failurePolicy.js';
import { startable, type StartRun } from '../../lib/executors/startRun.js';
import { createEntry, withId } from '../../lib/plan/createEntry.js';
import { beforeTool } from '../../lib/testing/index.js';

const runWith = (outcome: HookOutcome, message?: string): HookRun => ({
  name: 'guard',
  source: 'user',
  outcome,
  durationMs: 3,
  exitCode: 1,
  ...(message !== undefined ? { message } : {}),
});

const FAILURES = ['warning', 'timeout', 'failed'] as const;

describe('applyFailurePolicy', () => {
  it.each(FAILURES)('blocks a strict %s run, saying what failed once', (outcome) => {
    const run = applyFailurePolicy(runWith(outcome, 'Hook "guard" exited with code 1: boom'), 'strict');
    const reason = 'Hook "guard" failed (strict): exited with code 1: boom';
    expect(run).toEqual({
      ...runWith(outcome),
      outcome: 'blocked',
      output: { decision: 'block', reason },
      message: reason,
      strictFailure: outcome,
    });
  });

  it.each(FAILURES)('blocks a required %s run, naming the rule as required', (outcome) => {
    const run = applyFailurePolicy(runWith(outcome, 'Hook "guard" timed out after 500 ms'), 'required');
    expect(run).toMatchObject({
      outcome: 'blocked',
      message: 'Hook "guard" failed (required): timed out after 500 ms',
      strictFailure: outcome,
    });
  });

  it.each(['strict', 'required'] as const)('blocks an untrusted run of a %s hook: not approved is not run', (mode) => {
    const run = applyFailurePolicy(runWith('untrusted', 'Hook "guard" from /p/settings.json is not approved'), mode);
    const reason =
      `Hook "guard" failed (${mode}): it is not approved for this project (new or changed since approval); ` +
      'review it, then run `hookstream trust`';
    expect(run).toMatchObject({
      outcome: 'blocked',
      output: { decision: 'block', reason },
      message: reason,
      strictFailure: 'untrusted',
    });
  });

  it('uses the outcome when there is no message, and keeps a message without the name prefix', () => {
    expect(applyFailurePolicy(runWith('timeout'), 'strict').message).toBe('Hook "guard" failed (strict): timeout');
    expect(applyFailurePolicy(runWith('failed', 'spawn E2BIG'), true).message).toBe(
      'Hook "guard" failed (strict): spawn E2BIG',
    );
  });

  it.each(['success', 'blocked', 'canceled', 'skipped'] as const)(
    'leaves a strict or required %s run alone',
    (outcome) => {
      const run = runWith(outcome, 'x');
      expect(applyFailurePolicy(run, 'strict')).toBe(run);
      expect(applyFailurePolicy(run, 'required')).toBe(run);
    },
  );

  it('leaves every run of a hook without a mode alone, untrusted ones included', () => {
    for (const outcome of [...FAILURES, 'untrusted'] as const) {
      const run = runWith(outcome, 'x');
      expect(applyFailurePolicy(run, undefined)).toBe(run);
      expect(applyFailurePolicy(run, false)).toBe(run);
    }
  });
});

describe('failureModeOf', () => {
  const command = (extra: Partial<HookDefinition>): HookDefinition =>
    ({ type: 'command', command: 'x', ...extra }) as HookDefinition;

  it('reads failurePolicy: block as strict, required: true as required, and names strict when both are set', () => {
    expect(failureModeOf(command({}))).toBeUndefined();
    expect(failureModeOf(command({ failurePolicy: 'allow' }))).toBeUndefined();
    expect(failureModeOf(command({ failurePolicy: 'block' }))).toBe('strict');
    expect(failureModeOf(command({ required: true }))).toBe('required');
    expect(failureModeOf(command({ required: true, failurePolicy: 'allow' }))).toBe('required');
    expect(failureModeOf(command({ required: true, failurePolicy: 'block' }))).toBe('strict');
    expect(failureModeOf(command({ required: false }))).toBeUndefined();
    expect(blocksOnFailure(command({ required: true }))).toBe(true);
    expect(blocksOnFailure(command({}))).toBe(false);
  });
});

describe('withFailurePolicy', () => {
  /** A project-file hook whose runs come back with `outcome` (as the trust decorator reports an unapproved one). */
  const hookWith = (extra: Partial<HookDefinition>): HookEntry =>
    withId(
      createEntry(
        'BeforeTool',
        { type: 'command', command: './guard.sh', name: 'guard', ...extra } as HookDefinition & { type: 'command' },
        { source: 'project', file: '/project/.hookstream/settings.json' },
      ).entry,
      1,
    );
  const reporting =
    (outcome: HookOutcome): StartRun =>
    (hook, _input, done) => {
      done({ name: hook.name, source: hook.origin.source, outcome, durationMs: 0, message: `Hook "${hook.name}" x` });
      return undefined;
    };
  const runOf = (start: StartRun, hook: HookEntry): Promise<HookRun> =>
    firstValueFrom(startable(withFailurePolicy(start, 'block'))(hook, beforeTool('write_file', { path: 'a' })));

  it('blocks an untrusted run of a required or strict hook, and lets it through otherwise', async () => {
    const untrusted = reporting('untrusted');
    expect(await runOf(untrusted, hookWith({ required: true }))).toMatchObject({
      outcome: 'blocked',
      strictFailure: 'untrusted',
    });
    expect(await runOf(untrusted, hookWith({ failurePolicy: 'block' }))).toMatchObject({ outcome: 'blocked' });
    expect(await runOf(untrusted, hookWith({}))).toMatchObject({ outcome: 'untrusted' });
  });

  it('blocks a required hook that could not start, crashed or timed out; a success passes', async () => {
    for (const outcome of FAILURES) {
      expect(await runOf(reporting(outcome), hookWith({ required: true }))).toMatchObject({ outcome: 'blocked' });
    }
    expect(await runOf(reporting('success'), hookWith({ required: true }))).toMatchObject({ outcome: 'success' });
  });
});

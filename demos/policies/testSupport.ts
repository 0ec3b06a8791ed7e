/**
 * Shared setup for the policy specs: a TestScheduler wired to vitest, a project directory on disk for
 * the command-hook runs, and a runner for a policy's node command-hook form.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { HookInput, HookRun } from '../../lib/index.js';
import { createTestScheduler, runHookScript } from '../../lib/testing/index.js';
import { HOOK_SCRIPT, type PolicyName } from './commandHook.js';

export const testScheduler = () =>
  createTestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

/** A fresh real directory (symlinks resolved) and its removal. */
export const makeProjectDir = (): { dir: string; remove: () => void } => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'hookstream-policy-')));
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Runs `policy` as the node command hook (`node bin/hook.mjs <policy> <options>`) on `event`. */
export const runCommandPolicy = (
  policy: PolicyName,
  event: HookInput,
  options: { projectDir: string; policyOptions?: object; env?: Record<string, string> },
): Promise<HookRun> =>
  runHookScript(HOOK_SCRIPT, event, {
    args: [policy, JSON.stringify(options.policyOptions ?? {})],
    projectDir: options.projectDir,
    timeoutMs: 20_000,
    ...(options.env ? { env: options.env } : {}),
  });

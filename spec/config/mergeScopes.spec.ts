import { describe, expect, it } from 'vitest';
import { mergeScopes } from '../../lib/config/mergeScopes.js';
import type { ScopeContribution } from '../../lib/config/mergeScopes.js';
import type { SourceSettings } from '../../lib/config/readSettings.js';
import type { HookSource } from '../../lib/core/types.js';

const scope = (source: HookSource, settings: Partial<SourceSettings> = {}): ScopeContribution => ({
  source,
  settings: { disabled: [], entries: [], ...settings },
});

const enabledBy = (...contributions: ScopeContribution[]) => mergeScopes(contributions, []).enabled;

describe('mergeScopes', () => {
  it('is disabled when no scope sets enableHooks', () => {
    expect(enabledBy()).toBe(false);
    expect(enabledBy(scope('project'), scope('user'))).toBe(false);
  });

  it('lets the highest-priority scope that sets enableHooks decide, whatever the order given', () => {
    expect(enabledBy(scope('user', { enableHooks: true }), scope('project', { enableHooks: false }))).toBe(false);
    expect(enabledBy(scope('system', { enableHooks: false }), scope('user', { enableHooks: true }))).toBe(true);
    expect(enabledBy(scope('extension', { enableHooks: true }), scope('system', { enableHooks: false }))).toBe(false);
    expect(enabledBy(scope('extension', { enableHooks: true }), scope('project'))).toBe(true);
    expect(enabledBy(scope('project', { enableHooks: false }), scope('runtime', { enableHooks: true }))).toBe(true);
  });

  it('lets the first file of a scope decide between files of that scope', () => {
    expect(enabledBy(scope('extension', { enableHooks: true }), scope('extension', { enableHooks: false }))).toBe(true);
    expect(enabledBy(scope('extension', { enableHooks: false }), scope('extension', { enableHooks: true }))).toBe(
      false,
    );
  });

  it('is disabled by hooksConfig.enabled false in any scope, even a low-priority one', () => {
    expect(enabledBy(scope('project', { enableHooks: true }), scope('extension', { hooksEnabled: false }))).toBe(false);
    expect(enabledBy(scope('project', { enableHooks: true, hooksEnabled: true }))).toBe(true);
  });

  it('unions the disabled names and keeps the problems it is given', () => {
    const problems = [{ severity: 'warning' as const, file: 'f', pointer: '/x', message: 'm' }];
    const merged = mergeScopes(
      [scope('project', { disabled: ['a', 'b'] }), scope('user', { disabled: ['b', 'c'] })],
      problems,
    );
    expect([...merged.disabled].sort()).toEqual(['a', 'b', 'c']);
    expect(merged.problems).toBe(problems);
  });
});

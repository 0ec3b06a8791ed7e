import { describe, expect, it } from 'vitest';
import { mergeScopes } from '../../lib/config/mergeScopes.js';
import type { ScopeContribution } from '../../lib/config/mergeScopes.js';
import type { LoadedEntry, SourceSettings } from '../../lib/config/readSettings.js';
import type { HookSource } from '../../lib/model/types.js';

const entry = (source: HookSource, name: string): LoadedEntry => ({
  event: 'BeforeTool',
  definition: { type: 'command', command: `./${name}.sh` },
  origin: { source, file: `/${source}/settings.json` },
  sequential: false,
  name,
});

/** A file at `source` (so its switches are judged as that scope's), holding hooks named `hooks`. */
const scope = (
  source: HookSource,
  settings: Partial<SourceSettings> = {},
  hooks: string[] = [],
): ScopeContribution => ({
  source,
  file: `/${source}/settings.json`,
  settings: { disabled: [], entries: hooks.map((name) => entry(source, name)), ...settings },
});

const enabledBy = (...contributions: ScopeContribution[]) => mergeScopes(contributions, []).enabled;

/** `source:name` of every entry that may run. */
const active = (...contributions: ScopeContribution[]): string[] => {
  const merged = mergeScopes(contributions, []);
  return merged.entries
    .filter((loaded) => !merged.inactive.has(loaded) && !merged.disabled.has(loaded.name))
    .map((loaded) => `${loaded.origin.source}:${loaded.name}`);
};

describe('mergeScopes: enablement', () => {
  it('is disabled when no scope sets enableHooks, and says so', () => {
    expect(enabledBy()).toBe(false);
    expect(enabledBy(scope('project'), scope('user'))).toBe(false);
    expect(mergeScopes([scope('user')], []).disabledBy).toBe(
      'not switched on: no settings file sets "tools": { "enableHooks": true }',
    );
  });

  it("lets a file's enableHooks: false reach its own and lower-trust scopes' hooks only; system decides over user", () => {
    expect(enabledBy(scope('system', { enableHooks: false }), scope('user', { enableHooks: true }))).toBe(false);
    expect(
      active(scope('system', { enableHooks: true }, ['audit']), scope('user', { enableHooks: false }, ['mine'])),
    ).toEqual(['system:audit']);
    expect(enabledBy(scope('user', { enableHooks: false }), scope('runtime', { enableHooks: true }))).toBe(true);
    expect(mergeScopes([scope('user', { enableHooks: false })], []).disabledBy).toBe(
      'switched off by "tools": { "enableHooks": false } in user settings /user/settings.json',
    );
  });

  it("lets a project or extension file's enableHooks: true switch hooks on where no user or system file decides", () => {
    expect(enabledBy(scope('extension', { enableHooks: true }), scope('project'))).toBe(true);
    expect(active(scope('project', { enableHooks: true }), scope('user', {}, ['guard']))).toEqual(['user:guard']);
  });

  it("never lets a project's enableHooks: true switch on what a user or system file switched off", () => {
    const user = scope('user', { enableHooks: false }, ['audit']);
    expect(active(scope('project', { enableHooks: true }, ['lint']), user)).toEqual([]);
    // An extension ranks below system: system's `false` still switches the extension's hooks off.
    const extension = scope('extension', { enableHooks: true }, ['ext']);
    expect(enabledBy(extension, scope('system', { enableHooks: false }))).toBe(false);
  });

  it('is off everywhere when user or system settings say hooksConfig.enabled: false, whatever a project says', () => {
    const project = scope('project', { enableHooks: true }, ['lint']);
    expect(enabledBy(project, scope('system', { hooksEnabled: false }))).toBe(false);
    expect(mergeScopes([project, scope('user', { hooksEnabled: false })], []).disabledBy).toBe(
      'switched off by "hooksConfig": { "enabled": false } in user settings /user/settings.json',
    );
  });

  it('lets an object the host passes govern every hook, whatever its scope', () => {
    const host: ScopeContribution = {
      source: 'project',
      label: '<object>',
      settings: { disabled: ['x'], entries: [] },
    };
    expect([...mergeScopes([host], []).disabled]).toEqual(['x']);
    const hostOff = { ...host, settings: { disabled: [], entries: [], hooksEnabled: false } };
    expect(mergeScopes([hostOff, scope('user', { enableHooks: true })], []).disabledBy).toBe(
      'switched off by "hooksConfig": { "enabled": false } in project settings <object>',
    );
  });
});

describe('mergeScopes: what a project cannot switch off', () => {
  const user = () => scope('user', { enableHooks: true }, ['guard']);
  const system = () => scope('system', {}, ['audit']);

  it('tools.enableHooks: false in a project switches off its own hooks only', () => {
    const project = scope('project', { enableHooks: false }, ['lint']);
    const merged = mergeScopes([project, user(), system()], []);
    expect(merged.enabled).toBe(true);
    expect(active(project, user(), system())).toEqual(['user:guard', 'system:audit']);
    expect(merged.inactive.get(merged.entries[0] as LoadedEntry)).toBe(
      'switched off by "tools": { "enableHooks": false } in project settings /project/settings.json',
    );
  });

  it('hooksConfig.enabled: false in a project or an extension switches off its own hooks only', () => {
    const project = scope('project', { hooksEnabled: false }, ['lint']);
    const extension = scope('extension', { hooksEnabled: false }, ['ext']);
    expect(active(project, user(), system(), extension)).toEqual(['user:guard', 'system:audit']);
    expect(enabledBy(project, user())).toBe(true);
  });

  it("hooksConfig.disabled in a project skips its own hooks, never a user's or system's hook of that name", () => {
    const project = scope('project', { disabled: ['guard', 'audit', 'lint'] }, ['guard', 'lint', 'kept']);
    const merged = mergeScopes([project, user(), system()], []);
    expect(active(project, user(), system())).toEqual(['project:kept', 'user:guard', 'system:audit']);
    expect([...merged.disabled]).toEqual([]);
    expect(merged.inactive.get(merged.entries[0] as LoadedEntry)).toBe(
      'named in "hooksConfig.disabled" of project settings /project/settings.json',
    );
  });

  it('hooksConfig.disabled in user or system settings still skips any hook of that name, project ones included', () => {
    const project = scope('project', {}, ['lint']);
    const owner = scope('user', { enableHooks: true, disabled: ['lint'] }, ['guard']);
    const admin = scope('system', { disabled: ['guard'] }, ['audit']);
    expect([...mergeScopes([project, owner, admin], []).disabled].sort()).toEqual(['guard', 'lint']);
    expect(active(project, owner, admin)).toEqual(['system:audit']);
  });

  it('keeps every entry in the order given, inactive ones included, so tools can list them', () => {
    const project = scope('project', { enableHooks: false }, ['lint']);
    const merged = mergeScopes([project, user(), system()], []);
    expect(merged.entries.map((loaded) => loaded.name)).toEqual(['lint', 'guard', 'audit']);
  });
});

describe('mergeScopes: allowManagedHooksOnly', () => {
  const lockdown = (settings: Partial<SourceSettings> = {}) =>
    scope('system', { managedOnly: true, ...settings }, ['managed']);

  it('runs only system hooks, on by default, and names the file that locked the others out', () => {
    const project = scope('project', { enableHooks: true }, ['lint']);
    const user = scope('user', { enableHooks: true }, ['guard']);
    const merged = mergeScopes([project, user, lockdown()], []);
    expect(merged.managedOnly).toBe(true);
    expect(merged.enabled).toBe(true);
    expect(active(project, user, lockdown())).toEqual(['system:managed']);
    expect(merged.inactive.get(merged.entries[1] as LoadedEntry)).toBe(
      'only system hooks run: "allowManagedHooksOnly" is on in system settings /system/settings.json',
    );
  });

  it('counts only system switches: user and project ones can neither switch system hooks off nor disable them', () => {
    const user = scope('user', { enableHooks: false, hooksEnabled: false, disabled: ['managed'] }, ['guard']);
    const project = scope('project', { enableHooks: false, disabled: ['managed'] });
    expect(enabledBy(user, project, lockdown())).toBe(true);
    expect(active(user, project, lockdown())).toEqual(['system:managed']);
    expect(enabledBy(lockdown({ enableHooks: false }))).toBe(false);
    expect([...mergeScopes([lockdown({ disabled: ['managed'] })], []).disabled]).toEqual(['managed']);
  });
});

describe('mergeScopes: the rest', () => {
  it('unions the disabled names of user and system settings and keeps the problems it is given', () => {
    const problems = [{ severity: 'warning' as const, file: 'f', pointer: '/x', message: 'm' }];
    const merged = mergeScopes(
      [scope('system', { disabled: ['a', 'b'] }), scope('user', { disabled: ['b', 'c'] })],
      problems,
    );
    expect([...merged.disabled].sort()).toEqual(['a', 'b', 'c']);
    expect(merged.problems).toBe(problems);
  });

  it('merges 200 000 entries without overflowing the stack', () => {
    const many = Array.from({ length: 200_000 }, (_, index) => entry('user', `h${index}`));
    const merged = mergeScopes([{ source: 'user', settings: { disabled: [], entries: many } }], []);
    expect(merged.entries).toHaveLength(200_000);
  });
});

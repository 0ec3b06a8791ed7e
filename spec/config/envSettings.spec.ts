/**
 * `hooksConfig.env` through the real loader: read per scope, merged so that no scope loosens another, and a
 * repository's own `allow` list ignored with a warning at its position.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync, type FileScope, type SettingsFile } from '../../lib/config/loadSettings.js';
import { mergeEnvPolicies } from '../../lib/config/envSettings.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookstream-env-settings-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

let files = 0;
/** A settings file at `scope` whose `hooksConfig.env` is `env`. */
const withEnv = (scope: FileScope, env: unknown): SettingsFile => {
  const path = join(scratch, `settings-${files++}.json`);
  writeFileSync(path, JSON.stringify({ tools: { enableHooks: true }, hooksConfig: { env } }, null, 2));
  return { scope, path };
};

describe('hooksConfig.env', () => {
  it('is absent when no scope sets it: hooks inherit the whole environment', () => {
    expect(loadSettingsSync([withEnv('user', undefined)]).envPolicy).toBeUndefined();
  });

  it('takes the user scope mode and allow list', () => {
    const loaded = loadSettingsSync([withEnv('user', { mode: 'no-secrets', allow: ['NPM_TOKEN'] })]);
    expect(loaded.envPolicy).toEqual({ mode: 'no-secrets', allow: ['NPM_TOKEN'] });
    expect(loaded.problems).toEqual([]);
  });

  it('keeps the strictest mode: a project cannot loosen the user, but can tighten', () => {
    const loosen = loadSettingsSync([withEnv('project', { mode: 'inherit' }), withEnv('user', { mode: 'no-secrets' })]);
    expect(loosen.envPolicy?.mode).toBe('no-secrets');
    const tighten = loadSettingsSync([
      withEnv('project', { mode: 'allowlist' }),
      withEnv('user', { mode: 'no-secrets' }),
    ]);
    expect(tighten.envPolicy?.mode).toBe('allowlist');
  });

  it("ignores a project's allow list, with a warning at its key; joins the user's and the system's", () => {
    const project = withEnv('project', { mode: 'no-secrets', allow: ['AWS_SECRET_ACCESS_KEY'] });
    const loaded = loadSettingsSync([
      project,
      withEnv('user', { allow: ['NPM_TOKEN'] }),
      withEnv('system', { allow: ['CI_*', 'NPM_TOKEN'] }),
    ]);
    expect(loaded.envPolicy).toEqual({ mode: 'no-secrets', allow: ['NPM_TOKEN', 'CI_*'] });
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: project.path,
        pointer: '/hooksConfig/env/allow',
        line: 8,
        column: 7,
        message: 'honoured in user and system settings only; ignored in project settings',
      }),
    ]);
  });

  it('reports a bad mode at its pointer and keeps the rest of the file', () => {
    const file = withEnv('user', { mode: 'strict', allow: ['A'] });
    const loaded = loadSettingsSync([file]);
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '/hooksConfig/env/mode',
        expected: '"inherit", "no-secrets", "allowlist"',
        received: '"strict"',
      }),
    ]);
    expect(loaded.envPolicy).toEqual({ mode: 'inherit', allow: ['A'] });
    expect(loaded.enabled).toBe(true);
  });

  it('warns about an unknown key inside env', () => {
    const loaded = loadSettingsSync([withEnv('user', { mode: 'allowlist', alow: ['A'] })]);
    expect(loaded.problems).toEqual([
      expect.objectContaining({ severity: 'warning', pointer: '/hooksConfig/env/alow' }),
    ]);
  });
});

describe('mergeEnvPolicies', () => {
  it('is undefined for no policy and inherit for policies that set no mode', () => {
    expect(mergeEnvPolicies([])).toBeUndefined();
    expect(mergeEnvPolicies([{ source: 'user' }])).toEqual({ mode: 'inherit', allow: [] });
  });
});

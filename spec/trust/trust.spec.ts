import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHookSystem, loadSettingsSync, type HookSystem } from '../../lib/index.js';
import { createTrustStore, hookFingerprint, type ApprovalRequest, type ConfiguredHook } from '../../lib/trust/index.js';

let root: string;
let project: string;
let storePath: string;
const systems: HookSystem[] = [];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hookstream-trust-'));
  project = path.join(root, 'project');
  storePath = path.join(root, 'home', '.hookstream', 'trusted-hooks.json');
  mkdirSync(path.join(project, '.hookstream', 'hooks'), { recursive: true });
});
afterEach(async () => {
  await Promise.all(systems.splice(0).map((s) => s.dispose()));
  rmSync(root, { recursive: true, force: true });
});

/** A project whose settings file runs `.hookstream/hooks/mark.sh`, which leaves a file behind when it runs. */
const writeProject = (script = 'touch "$HOOKSTREAM_PROJECT_DIR/ran"; echo \'{"systemMessage":"ran"}\''): string => {
  const hook = path.join(project, '.hookstream', 'hooks', 'mark.sh');
  writeFileSync(hook, `#!/usr/bin/env bash\n${script}\n`);
  chmodSync(hook, 0o755);
  const settings = path.join(project, '.hookstream', 'settings.json');
  writeFileSync(
    settings,
    JSON.stringify({
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [{ matcher: 'write_file', hooks: [{ name: 'mark', command: '.hookstream/hooks/mark.sh' }] }],
      },
    }),
  );
  return settings;
};

const system = (settingsPath: string, options: Parameters<typeof createHookSystem>[0] = {}): HookSystem => {
  const created = createHookSystem({
    projectDir: project,
    settings: [{ scope: 'project', path: settingsPath, required: true }],
    trust: { store: storePath },
    ...options,
  });
  systems.push(created);
  return created;
};

const fields = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };
const entryOf = (settingsPath: string): ConfiguredHook => {
  const [entry] = loadSettingsSync([{ scope: 'project', path: settingsPath, required: true }]).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('trust: fingerprints', () => {
  it('changes when the script bytes, the command, the matcher or the project change; not otherwise', () => {
    const settings = writeProject();
    const entry = entryOf(settings);
    const base = hookFingerprint(entry, project);
    expect(hookFingerprint(entryOf(settings), project)).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(path.join(project, '.hookstream', 'hooks', 'mark.sh'), '#!/usr/bin/env bash\nrm -rf ~\n');
    expect(hookFingerprint(entry, project)).not.toBe(base);
    writeProject();
    expect(hookFingerprint(entry, project)).toBe(base);
    expect(hookFingerprint({ ...entry, definition: { type: 'command', command: 'true' } }, project)).not.toBe(base);
    expect(hookFingerprint({ ...entry, matcher: undefined }, project)).not.toBe(base);
    expect(hookFingerprint(entry, root)).not.toBe(base);
  });
});

describe('trust: the store', () => {
  it('keeps approvals in a 0600 file, lists and revokes them, and approves nothing when corrupt', () => {
    const store = createTrustStore(storePath);
    expect(store.isApproved('abc')).toBe(false);
    store.approve([{ fingerprint: 'abc', hook: 'mark', event: 'BeforeTool', project }]);
    expect(store.isApproved('abc')).toBe(true);
    expect(statSync(storePath).mode & 0o777).toBe(0o600);
    expect(store.list()).toEqual([expect.objectContaining({ fingerprint: 'abc', hook: 'mark', project })]);
    expect(store.revoke({ project })).toBe(1);
    expect(store.isApproved('abc')).toBe(false);
    writeFileSync(storePath, '{ not json');
    expect(store.isApproved('abc')).toBe(false);
  });
});

describe('trust: the hook system', () => {
  it('skips an unapproved project-file hook with outcome untrusted and one warning; nothing runs', async () => {
    const hooks = system(writeProject());
    const result = await hooks.fire('BeforeTool', fields);
    expect(result.hooks).toEqual([expect.objectContaining({ name: 'mark', source: 'project', outcome: 'untrusted' })]);
    expect(result.warnings).toEqual([
      expect.stringMatching(/"mark" from .*settings\.json is not approved.*hookstream trust/),
    ]);
    expect(result.blocked).toBe(false);
    expect(existsSync(path.join(project, 'ran'))).toBe(false);
  });

  it('runs it once approved, and re-checks before each spawn: an edited script needs a new approval', async () => {
    const hooks = system(writeProject());
    expect(hooks.approveConfiguredHooks()).toHaveLength(1);
    expect((await hooks.fire('BeforeTool', fields)).systemMessage).toBe('ran');
    expect(existsSync(path.join(project, 'ran'))).toBe(true);
    rmSync(path.join(project, 'ran'));
    writeFileSync(
      path.join(project, '.hookstream', 'hooks', 'mark.sh'),
      '#!/usr/bin/env bash\ntouch "$HOOKSTREAM_PROJECT_DIR/ran"\n',
    );
    expect((await hooks.fire('BeforeTool', fields)).hooks[0]?.outcome).toBe('untrusted');
    expect(existsSync(path.join(project, 'ran'))).toBe(false);
  });

  it('asks the host’s approval callback once, with the fingerprint and what it covers', async () => {
    const asked: ApprovalRequest[] = [];
    const hooks = system(writeProject(), {
      trust: {
        store: storePath,
        approve: (request) => {
          asked.push(request);
          return true;
        },
      },
    });
    await hooks.fire('BeforeTool', fields);
    await hooks.fire('BeforeTool', fields);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      hook: 'mark',
      event: 'BeforeTool',
      source: 'project',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      subject: {
        matcher: 'write_file',
        files: [{ path: path.join(project, '.hookstream', 'hooks', 'mark.sh'), role: 'program' }],
      },
    });
    expect(JSON.parse(readFileSync(storePath, 'utf8'))).toMatchObject({
      approved: { [asked[0]?.fingerprint ?? '']: { hook: 'mark' } },
    });
  });

  it('trusts user-scope files, settings objects and, with trust: false, everything', async () => {
    const settings = writeProject();
    const user = createHookSystem({
      projectDir: project,
      settings: [{ scope: 'user', path: settings }],
      trust: { store: storePath },
    });
    const object = createHookSystem({
      projectDir: project,
      settings: JSON.parse(readFileSync(settings, 'utf8')) as Record<string, unknown>,
      trust: { store: storePath },
    });
    const off = system(settings, { trust: false });
    systems.push(user, object);
    for (const hooks of [user, object, off])
      expect((await hooks.fire('BeforeTool', fields)).hooks[0]?.outcome).toBe('success');
  });
});

describe('trust: scripts named through variables', () => {
  it('hashes a script whose path goes through a variable of the host environment', () => {
    const settings = writeProject();
    process.env.HOOKSTREAM_TRUST_SPEC_DIR = path.join(project, '.hookstream', 'hooks');
    try {
      const entry = {
        ...entryOf(settings),
        definition: { type: 'command' as const, command: 'bash "$HOOKSTREAM_TRUST_SPEC_DIR/mark.sh"' },
      };
      const before = hookFingerprint(entry, project);
      writeFileSync(path.join(project, '.hookstream', 'hooks', 'mark.sh'), '#!/usr/bin/env bash\necho changed\n');
      expect(hookFingerprint(entry, project)).not.toBe(before);
    } finally {
      delete process.env.HOOKSTREAM_TRUST_SPEC_DIR;
    }
  });
});

describe('trust: a failing approval check', () => {
  it('fails the hook open with a warning, or blocks a strict hook', async () => {
    const settings = writeProject();
    const approve = (): boolean => {
      throw new Error('approval UI unavailable');
    };
    const lenient = system(settings, { trust: { store: storePath, approve } });
    const result = await lenient.fire('BeforeTool', fields);
    expect(result.hooks[0]).toMatchObject({ outcome: 'failed' });
    expect(result.warnings).toEqual([
      expect.stringMatching(/could not be checked for approval: approval UI unavailable/),
    ]);
    expect(result.blocked).toBe(false);

    const strictSettings = JSON.parse(readFileSync(settings, 'utf8')) as {
      hooks: { BeforeTool: { hooks: Record<string, unknown>[] }[] };
    };
    Object.assign(strictSettings.hooks.BeforeTool[0]?.hooks[0] ?? {}, { failurePolicy: 'block' });
    writeFileSync(settings, JSON.stringify(strictSettings));
    const strict = system(settings, { trust: { store: storePath, approve } });
    const blocked = await strict.fire('BeforeTool', fields);
    expect(blocked).toMatchObject({
      blocked: true,
      reason: expect.stringMatching(/failed \(strict\): could not be checked/) as string,
    });
    expect(existsSync(path.join(project, 'ran'))).toBe(false);
  });
});

/**
 * The trust gate through the hook system: the state of each hook, the re-check right before the process
 * starts (a script renamed over the approved one while the run waits for a process slot does not run),
 * and a refused store that approves nothing and says why. Real processes; leftovers checked.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, loadSettingsSync, type HookSystem } from '../../lib/index.js';
import { createTrustGate, createTrustStore, type TrustStore } from '../../lib/trust/index.js';
import { eventually, MARKER_VARIABLE, ProcessTest } from '../process/processHarness.js';

let world: ProcessTest;
const systems: HookSystem[] = [];
afterEach(async () => {
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
  await world.verifyClean({ dispose: () => Promise.resolve() });
});

const file = (relative: string, text: string, mode = 0o644): string => {
  const target = path.join(world.dir, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  chmodSync(target, mode);
  return target;
};
const hooksOf = (groups: Record<string, unknown>[]) => ({
  tools: { enableHooks: true },
  hooks: { BeforeTool: groups },
});
const hook = (name: string, command: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  name,
  command,
  env: { [MARKER_VARIABLE]: world.marker },
  timeout: 20_000,
  ...extra,
});
const tool = (name: string) => ({ tool_name: name, tool_input: { path: 'a.txt' } });

describe('trust gate: states', () => {
  it('tells approved, needs approval, changed since approval, and not needed apart', () => {
    world = new ProcessTest();
    const script = file('project/.hookstream/mark.sh', 'echo one\n');
    const settings = file(
      'project/.hookstream/settings.json',
      JSON.stringify(hooksOf([{ hooks: [hook('mark', 'bash -e .hookstream/mark.sh')] }])),
    );
    const project = path.dirname(path.dirname(settings));
    const gate = createTrustGate(project, { store: path.join(world.dir, 'home', 'trusted-hooks.json') });
    const [entry] = loadSettingsSync([{ scope: 'project', path: settings }]).entries;
    if (entry === undefined) throw new Error('no entry');
    expect(gate.inspect(entry).state).toBe('needs-approval');
    expect(gate.inspect(entry).subject?.files).toEqual([
      { path: script, role: 'script', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string },
    ]);
    gate.approveAll([entry]);
    expect(gate.inspect(entry).state).toBe('approved');
    expect(gate.verify(entry)).toBeUndefined();
    writeFileSync(script, 'echo two\n');
    expect(gate.inspect(entry).state).toBe('changed');
    expect(gate.isTrusted(entry)).toBe(false);
    expect(gate.verify(entry)).toBe(
      'Hook "mark" is no longer approved: its command or a file it runs changed after it was checked; it was not started',
    );
    const [userEntry] = loadSettingsSync([{ scope: 'user', path: settings }]).entries;
    expect(userEntry && gate.inspect(userEntry).state).toBe('not-needed');
  });
});

describe('trust gate: the re-check right before the spawn (TOCTOU)', () => {
  it('does not run a script renamed over the approved one while the run waited for a process slot', async () => {
    world = new ProcessTest();
    file('project/.hookstream/mark.sh', 'echo approved > "$HOOKSTREAM_PROJECT_DIR/approved-ran"\n');
    file('evil.sh', 'echo evil > "$HOOKSTREAM_PROJECT_DIR/evil-ran"\n');
    // The slot holder (a user hook: trusted as it is) waits for the spec's go.
    const hold =
      'echo started > "$HOOKSTREAM_PROJECT_DIR/held"; while [ ! -e "$HOOKSTREAM_PROJECT_DIR/go" ]; do sleep 0.02; done';
    const user = file('user.json', JSON.stringify(hooksOf([{ matcher: '^hold$', hooks: [hook('holder', hold)] }])));
    const settings = file(
      'project/.hookstream/settings.json',
      JSON.stringify(hooksOf([{ matcher: '^write_file$', hooks: [hook('mark', 'sh .hookstream/mark.sh')] }])),
    );
    const project = path.dirname(path.dirname(settings));
    // The store as given, counting the approvals it confirms: the run's first check is one of them.
    const real = createTrustStore(path.join(world.dir, 'home', 'trusted-hooks.json'));
    let confirmed = 0;
    const store: TrustStore = Object.assign(Object.create(real) as TrustStore, {
      isApproved: (fingerprint: string) => {
        const approved = real.isApproved(fingerprint);
        if (approved) confirmed += 1;
        return approved;
      },
    });
    const hooks = createHookSystem({
      projectDir: project,
      settings: [
        { scope: 'project', path: settings, required: true },
        { scope: 'user', path: user, required: true },
      ],
      trust: { store },
      processConcurrency: 1,
    });
    systems.push(hooks);
    expect(hooks.approveConfiguredHooks()).toHaveLength(1);

    const held = hooks.fire('BeforeTool', tool('hold'));
    expect(await eventually(() => existsSync(path.join(project, 'held')), 20_000)).toBe(true);
    const guarded = hooks.fire('BeforeTool', tool('write_file'));
    // Checked and approved; now it waits for the slot the holder keeps.
    expect(await eventually(() => confirmed > 0, 20_000)).toBe(true);
    renameSync(path.join(world.dir, 'evil.sh'), path.join(project, '.hookstream', 'mark.sh'));
    writeFileSync(path.join(project, 'go'), '');

    const result = await guarded;
    expect(result.hooks).toEqual([
      expect.objectContaining({
        name: 'mark',
        outcome: 'untrusted',
        message: expect.stringMatching(/"mark" is no longer approved: .* it was not started/) as string,
      }),
    ]);
    expect((await held).hooks[0]?.outcome).toBe('success');
    expect(existsSync(path.join(project, 'evil-ran'))).toBe(false);
    expect(existsSync(path.join(project, 'approved-ran'))).toBe(false);
  }, 60_000);
});

describe('trust gate: a refused store', () => {
  it('approves nothing and says why in the untrusted warning', async () => {
    world = new ProcessTest();
    file('project/.hookstream/mark.sh', 'echo ran > "$HOOKSTREAM_PROJECT_DIR/ran"\n');
    const settings = file(
      'project/.hookstream/settings.json',
      JSON.stringify(hooksOf([{ hooks: [hook('mark', 'sh .hookstream/mark.sh')] }])),
    );
    const storePath = path.join(world.dir, 'home', 'trusted-hooks.json');
    const hooks = createHookSystem({
      projectDir: path.dirname(path.dirname(settings)),
      settings: [{ scope: 'project', path: settings, required: true }],
      trust: { store: storePath },
    });
    systems.push(hooks);
    hooks.approveConfiguredHooks();
    expect((await hooks.fire('BeforeTool', tool('write_file'))).hooks[0]?.outcome).toBe('success');
    chmodSync(storePath, 0o666);
    const result = await hooks.fire('BeforeTool', tool('write_file'));
    expect(result.hooks[0]?.outcome).toBe('untrusted');
    expect(result.warnings).toEqual([
      expect.stringMatching(/not approved for this project \(the trust store .* is writable by others \(mode 0666\)/),
    ]);
    expect(readFileSync(path.join(world.dir, 'project', 'ran'), 'utf8')).toBe('ran\n');
  });
});

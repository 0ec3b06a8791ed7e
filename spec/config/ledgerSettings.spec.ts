/**
 * `ledger` in settings files: one line turns the decision ledger on; a bad value is reported by file, JSON pointer
 * and line; a project's ledger stays inside the project (no absolute path, no `..`, no link out, no key file); the
 * most trusted scope decides; the host's `ledger` option replaces the settings'; a ledger that cannot be opened is
 * a settings error while the hooks still run; a reload that changes it says it takes effect in the next system.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/loadSettings.js';
import { verdictOf, verifyLedger } from '../../lib/ledger/verifyLedger.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'hookstream-ledger-settings-'));
  dirs.push(dir);
  return dir;
};

const GUARD = {
  tools: { enableHooks: true },
  hooks: { BeforeTool: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'exit 0', name: 'guard' }] }] },
};

/** A settings file per scope in `dir`, written as JSON with two-space indents (so problems have lines). */
const files = (dir: string, scopes: Partial<Record<'user' | 'system' | 'project', unknown>>) =>
  Object.entries(scopes).map(([scope, value]) => {
    const path = join(dir, `${scope}.json`);
    writeFileSync(path, JSON.stringify(value, null, 2));
    return { scope: scope as 'user' | 'system' | 'project', path };
  });

const fireWrite = (settings: ReturnType<typeof files>, projectDir: string, ledger?: string) => {
  const hooks = createHookSystem({ settings, projectDir, trust: false, ...(ledger === undefined ? {} : { ledger }) });
  return { hooks, fired: hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: { file_path: 'a.txt' } }) };
};

describe('the ledger settings key', () => {
  it('turns the ledger on with one line: a relative path is the project directory’s', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.hookstream'));
    const { hooks, fired } = fireWrite(
      files(dir, { project: { ...GUARD, ledger: '.hookstream/decisions.ledger' } }),
      dir,
    );
    expect(hooks.problems).toEqual([]);
    await fired;
    await hooks.dispose();
    const path = join(dir, '.hookstream', 'decisions.ledger');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const report = verifyLedger(path);
    expect(verdictOf(report)).toBe('intact');
    expect(report.events).toBe(1);
  });

  it('takes the object form with a key file in user settings: checkpoints are signed', async () => {
    const dir = tempDir();
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(join(dir, 'key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const ledger = { path: join(dir, 'user.ledger'), keyFile: join(dir, 'key.pem'), checkpointEvery: 1 };
    const { hooks, fired } = fireWrite(files(dir, { user: { ...GUARD, ledger } }), dir);
    await fired;
    await hooks.dispose();
    const key = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const report = verifyLedger(ledger.path, { publicKey: key });
    expect(verdictOf(report)).toBe('intact');
    expect(report.signatures).toBe('verified');
  });

  it('reports a bad value by file, pointer and line; the file’s hooks still load', () => {
    const dir = tempDir();
    const loaded = loadSettingsSync(
      files(dir, {
        user: { ...GUARD, ledger: { path: 'x.ledger', checkpointEvery: 0, inptu: true } },
        project: { ledger: 7 },
      }),
    );
    const found = loaded.problems.map(({ severity, file, pointer, line, expected }) => ({
      severity,
      file: file.slice(dir.length + 1),
      pointer,
      line,
      expected,
    }));
    expect(found).toEqual([
      expect.objectContaining({ severity: 'warning', file: 'user.json', pointer: '/ledger/inptu', line: 22 }),
      {
        severity: 'error',
        file: 'user.json',
        pointer: '/ledger/checkpointEvery',
        line: 21,
        expected: 'a positive whole number of records',
      },
      {
        severity: 'error',
        file: 'project.json',
        pointer: '/ledger',
        line: 2,
        expected: 'a file path, or an object such as { "path": "…" }',
      },
    ]);
    expect(loaded.problems[0]?.message).toContain('did you mean input?');
    expect(loaded.ledger).toBeUndefined();
    expect(loaded.entries.map((entry) => entry.name)).toEqual(['guard']);
  });

  it('keeps a project’s ledger inside the project and refuses its key file', () => {
    const dir = tempDir();
    const outside = ['/tmp/elsewhere.ledger', '../up.ledger', 'a/../../up.ledger', '~/home.ledger'];
    for (const path of outside) {
      const loaded = loadSettingsSync(files(dir, { project: { ledger: path } }));
      expect(loaded.ledger, path).toBeUndefined();
      expect(
        loaded.problems.map((problem) => [problem.pointer, problem.message]),
        path,
      ).toEqual([['/ledger', "a project file's ledger must stay inside the project; not turned on"]]);
    }
    const keyed = loadSettingsSync(files(dir, { project: { ledger: { path: 'in.ledger', keyFile: 'key.pem' } } }));
    expect(keyed.ledger).toEqual({ source: 'project', file: join(dir, 'project.json'), path: 'in.ledger' });
    expect(keyed.problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['warning', '/ledger/keyFile'],
    ]);
  });

  it('lets the most trusted scope decide; a project cannot move the user’s ledger', async () => {
    const dir = tempDir();
    const userLedger = join(dir, 'user.ledger');
    const settings = files(dir, { user: { ...GUARD, ledger: userLedger }, project: { ledger: 'project.ledger' } });
    const { hooks, fired } = fireWrite(settings, dir);
    expect(hooks.problems.map((problem) => [problem.file, problem.message])).toEqual([
      [
        join(dir, 'project.json'),
        `the ledger is already set by user settings (${join(dir, 'user.json')}); project settings cannot replace it, so this one is ignored`,
      ],
    ]);
    await fired;
    await hooks.dispose();
    expect(verifyLedger(userLedger).events).toBe(1);
    expect(existsSync(join(dir, 'project.ledger'))).toBe(false);
  });

  it('is replaced by the host’s ledger option', async () => {
    const dir = tempDir();
    const settings = files(dir, { user: { ...GUARD, ledger: 'settings.ledger' } });
    const { hooks, fired } = fireWrite(settings, dir, join(dir, 'host.ledger'));
    await fired;
    await hooks.dispose();
    expect(verifyLedger(join(dir, 'host.ledger')).events).toBe(1);
    expect(existsSync(join(dir, 'settings.ledger'))).toBe(false);
  });

  it('does not follow a link out of the project; the ledger that cannot be opened is an error, the guard still runs', async () => {
    const dir = tempDir();
    const project = join(dir, 'project');
    const away = join(dir, 'away');
    mkdirSync(project);
    mkdirSync(away);
    symlinkSync(away, join(project, 'audit'));
    writeFileSync(join(project, 'block.sh'), 'echo no >&2; exit 2\n');
    const blocking = {
      tools: { enableHooks: true },
      hooks: { BeforeTool: [{ matcher: 'Write', hooks: [{ command: 'sh block.sh', name: 'guard' }] }] },
      ledger: 'audit/decisions.ledger',
    };
    const { hooks, fired } = fireWrite(files(project, { project: blocking }), project);
    expect(hooks.problems).toEqual([
      expect.objectContaining({ severity: 'error', file: join(project, 'project.json'), pointer: '/ledger' }),
    ]);
    expect(hooks.problems[0]?.message).toMatch(
      /^the decision ledger cannot be written, so no event is recorded: .*link/,
    );
    expect((await fired).blocked).toBe(true);
    await hooks.dispose();
    expect(existsSync(join(away, 'decisions.ledger'))).toBe(false);
  });

  it('says on reload that a changed ledger takes effect in the next hook system', async () => {
    const dir = tempDir();
    const settings = files(dir, { user: { ...GUARD, ledger: 'first.ledger' } });
    const hooks = createHookSystem({ settings, projectDir: dir, trust: false });
    const same = await hooks.reload();
    expect(same).toEqual([]);
    writeFileSync(settings[0]?.path ?? '', JSON.stringify({ ...GUARD, ledger: 'second.ledger' }, null, 2));
    const changed = await hooks.reload();
    expect(changed.map((problem) => [problem.severity, problem.pointer])).toEqual([['warning', '/ledger']]);
    await hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: { file_path: 'a.txt' } });
    await hooks.dispose();
    expect(verifyLedger(join(dir, 'first.ledger')).events).toBe(1);
    expect(existsSync(join(dir, 'second.ledger'))).toBe(false);
  });
});

/**
 * The project of a daemon request without a project variable (Codex, Copilot, a Claude http hook): the nearest
 * directory up that holds `.hookstream` or `.git` and is this user's, stopping below the home directory; the
 * working directory itself otherwise. A project variable or a Cursor workspace root names it outright.
 */
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DaemonRequest } from '../../lib/tools/daemonRequest.js';
import { projectOf, projectRootOf } from '../../lib/tools/requestProject.js';

const root = mkdtempSync(path.join(tmpdir(), 'hs-project-'));
const home = path.join(root, 'home');
const uid = process.getuid?.() ?? -1;

const dirs = (...paths: string[]): void => {
  for (const dir of paths) mkdirSync(path.join(root, dir), { recursive: true });
};
const at = (dir: string): string => path.join(root, dir);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('projectRootOf', () => {
  it("finds the repository's root from deep inside it", () => {
    dirs('repo/.git', 'repo/src/deep/er');
    expect(projectRootOf(at('repo/src/deep/er'), home, uid)).toBe(at('repo'));
    expect(projectRootOf(at('repo'), home, uid)).toBe(at('repo'));
  });

  it('stops at a package with settings of its own inside a larger repository', () => {
    dirs('mono/.git', 'mono/packages/a/.hookstream', 'mono/packages/a/src', 'mono/packages/b/src');
    expect(projectRootOf(at('mono/packages/a/src'), home, uid)).toBe(at('mono/packages/a'));
    expect(projectRootOf(at('mono/packages/b/src'), home, uid)).toBe(at('mono'));
  });

  it('keeps the directory itself outside any repository', () => {
    dirs('loose/sub');
    expect(projectRootOf(at('loose/sub'), home, uid)).toBe(at('loose/sub'));
  });

  it('does not walk up to the home directory, whose dotfiles repository is not a project', () => {
    dirs('home/.git', 'home/notes/2026');
    expect(projectRootOf(at('home/notes/2026'), home, uid)).toBe(at('home/notes/2026'));
    expect(projectRootOf(home, home, uid)).toBe(home);
  });

  it.skipIf(uid !== 0)("stops at another user's .git or .hookstream, as git refuses their repository", () => {
    dirs('shared/.git', 'shared/mine/work', 'planted/.hookstream', 'planted/victim');
    chownSync(at('shared/.git'), 12345, 12345);
    chownSync(at('planted/.hookstream'), 12345, 12345);
    expect(projectRootOf(at('shared/mine/work'), home, uid)).toBe(at('shared/mine/work'));
    expect(projectRootOf(at('planted/victim'), home, uid)).toBe(at('planted/victim'));
    // Another user's marker counts for that user.
    expect(projectRootOf(at('shared/mine/work'), home, 12345)).toBe(at('shared'));
  });
});

describe('projectOf', () => {
  const request = (env: Record<string, string> = {}, cwd = '/'): DaemonRequest => ({
    agent: 'codex',
    event: 'PreToolUse',
    cwd,
    env,
    stdin: '',
  });

  it("takes the agent's project variable as it is", () => {
    dirs('repo/.git', 'repo/src');
    expect(projectOf(request({ CLAUDE_PROJECT_DIR: at('repo/src') }), { cwd: at('repo') }, home)).toBe(at('repo/src'));
  });

  it("walks up from the payload's cwd, else from the client's", () => {
    dirs('repo/.git', 'repo/src/deep');
    expect(projectOf(request(), { cwd: at('repo/src/deep') }, home)).toBe(at('repo'));
    expect(projectOf(request({}, at('repo/src')), {}, home)).toBe(at('repo'));
    // A relative cwd in the payload is not a place: the client's is used.
    expect(projectOf(request({}, at('repo/src')), { cwd: 'src' }, home)).toBe(at('repo'));
  });

  it("takes Cursor's first workspace root as it is", () => {
    dirs('repo/.git', 'repo/ws');
    expect(projectOf(request(), { workspace_roots: [at('repo/ws')] }, home)).toBe(at('repo/ws'));
  });
});

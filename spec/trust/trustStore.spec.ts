/**
 * The approval store (issue 11): refused when another user could have written it (one line, nothing
 * approved), never silently overwritten when corrupt, another writer's change seen at the next check,
 * superseded and stale approvals pruned, and a lock whose owner is gone broken.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStoreLock } from '../../lib/trust/storeLock.js';
import { TrustStoreError } from '../../lib/trust/trustErrors.js';
import { createTrustStore, type Approval } from '../../lib/trust/trustStore.js';

let root: string;
let dir: string;
let file: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hookstream-store-'));
  dir = path.join(root, 'home', '.hookstream');
  file = path.join(dir, 'trusted-hooks.json');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;
const OTHER_UID = 65534;

const approval = (fingerprint: string, extra: Partial<Approval> = {}): Approval => ({
  fingerprint,
  hook: 'guard',
  event: 'BeforeTool',
  project: root,
  file: path.join(root, 'settings.json'),
  pointer: '/hooks/BeforeTool/0/hooks/0',
  ...extra,
});

/** The store's error for `action`: one line, a TrustStoreError. */
const errorOf = (action: () => unknown): string => {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(TrustStoreError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a TrustStoreError');
};

describe('trust store: approvals', () => {
  it('keeps approvals in a 0600 file in a 0700 directory; lists, revokes by project or hook name', () => {
    const store = createTrustStore(file);
    store.approve([approval('a'), approval('b', { hook: 'lint', pointer: '/hooks/BeforeTool/0/hooks/1' })]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(store.list().map((entry) => entry.fingerprint)).toEqual(['a', 'b']);
    expect(store.revoke({ project: root, hook: 'lint' })).toBe(1);
    expect(store.isApproved('a')).toBe(true);
    expect(store.revoke({ project: root })).toBe(1);
    expect(store.isApproved('a')).toBe(false);
    expect(store.problem()).toBeUndefined();
  });

  it("sees another writer's change at the next check", () => {
    const reader = createTrustStore(file);
    const writer = createTrustStore(file);
    expect(reader.isApproved('a')).toBe(false);
    writer.approve([approval('a')]);
    expect(reader.isApproved('a')).toBe(true);
    writer.revoke({ fingerprints: ['a'] });
    expect(reader.isApproved('a')).toBe(false);
  });

  it('replaces the approval of the same hook, and prunes what is stale', () => {
    const store = createTrustStore(file);
    const kept = path.join(root, 'kept.sh');
    writeFileSync(kept, 'echo\n');
    store.approve([approval('old')]);
    store.approve([approval('new', { files: [kept] })]);
    expect(store.list().map((entry) => entry.fingerprint)).toEqual(['new']);
    store.approve([
      approval('gone-project', { project: path.join(root, 'moved-away'), pointer: '/x' }),
      approval('gone-file', { files: [path.join(root, 'deleted.sh')], pointer: '/y' }),
    ]);
    // Written by an older hookstream (or another process) that did not replace: the older one is superseded.
    const data = JSON.parse(readFileSync(file, 'utf8')) as { approved: Record<string, unknown> };
    data.approved.older = { ...approval('older'), approvedAt: '2000-01-01T00:00:00.000Z' };
    writeFileSync(file, JSON.stringify(data));
    expect(
      store
        .prune()
        .map((entry) => entry.fingerprint)
        .sort(),
    ).toEqual(['gone-file', 'gone-project', 'older']);
    expect(store.list().map((entry) => entry.fingerprint)).toEqual(['new']);
  });
});

describe('trust store: refused when others could have written it', () => {
  const approved = () => {
    const store = createTrustStore(file);
    store.approve([approval('a')]);
    return store;
  };

  it.each([
    ['0666', /writable by others \(mode 0666\); nothing in it is trusted until `chmod 600 /],
    ['0620', /writable by others \(mode 0620\)/],
  ])('a store file with mode %s', (mode, message) => {
    const store = approved();
    chmodSync(file, Number.parseInt(mode, 8));
    expect(store.isApproved('a')).toBe(false);
    expect(store.problem()).toMatch(message);
    expect(
      errorOf(() => {
        store.approve([approval('b')]);
      }),
    ).toMatch(message);
  });

  it('a store directory writable by others, or a non-sticky writable directory above it', () => {
    const store = approved();
    chmodSync(dir, 0o777);
    expect(store.isApproved('a')).toBe(false);
    expect(store.problem()).toMatch(/the trust store's directory .*\.hookstream is writable by others \(mode 0777\)/);
    chmodSync(dir, 0o700);
    chmodSync(path.join(root, 'home'), 0o777);
    expect(createTrustStore(file).problem()).toMatch(/directory .*home is writable by others/);
    chmodSync(path.join(root, 'home'), 0o1777); // sticky above: nobody else can rename .hookstream away
    expect(createTrustStore(file).isApproved('a')).toBe(true);
  });

  it.runIf(isRoot)('a store, or its directory, owned by another user', () => {
    const store = approved();
    chownSync(file, OTHER_UID, OTHER_UID);
    expect(store.isApproved('a')).toBe(false);
    expect(store.problem()).toMatch(/is owned by uid 65534, not by you \(uid 0\); nothing in it is trusted/);
    chownSync(file, 0, 0);
    expect(store.isApproved('a')).toBe(true);
    chownSync(path.join(root, 'home'), OTHER_UID, OTHER_UID);
    expect(createTrustStore(file).problem()).toMatch(/directory .*home is owned by uid 65534/);
  });

  it.runIf(isRoot)(
    "a sticky shared directory as the store's own directory: fine when ours, refused when another user's",
    () => {
      const shared = path.join(root, 'shared');
      mkdirSync(shared, { mode: 0o1777 });
      chmodSync(shared, 0o1777);
      const store = createTrustStore(path.join(shared, 'trusted-hooks.json'));
      store.approve([approval('a')]);
      expect(store.isApproved('a')).toBe(true);
      chownSync(shared, OTHER_UID, OTHER_UID);
      expect(store.isApproved('a')).toBe(false);
      expect(store.problem()).toMatch(/directory .*shared is owned by uid 65534; nothing in the store is trusted/);
    },
  );

  it('a store path that is a directory, and a corrupt store: one line, never overwritten', () => {
    mkdirSync(file, { recursive: true });
    const store = createTrustStore(file);
    expect(store.problem()).toMatch(/trusted-hooks\.json is a directory, not a file/);
    expect(
      errorOf(() => {
        store.approve([approval('a')]);
      }),
    ).toMatch(/is a directory, not a file/);
    rmSync(file, { recursive: true });
    writeFileSync(file, '{ not json', { mode: 0o600 });
    expect(store.problem()).toMatch(/is not valid \(.*\); nothing in it is trusted until it is fixed or removed/);
    expect(
      errorOf(() => {
        store.approve([approval('a')]);
      }),
    ).toMatch(/is not valid/);
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});

describe('trust store: the lock', () => {
  const lock = () => `${file}.lock`;
  /** A pid that no live process has. */
  const deadPid = (): number => {
    for (let pid = 4_000_000; ; pid--) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid;
      }
    }
  };

  it('breaks a lock whose owner is gone, or one older than the stale limit, and removes its own', () => {
    const store = createTrustStore(file);
    mkdirSync(dir, { recursive: true });
    writeFileSync(lock(), `${deadPid()} left-behind\n`);
    store.approve([approval('a')]);
    expect(store.isApproved('a')).toBe(true);
    expect(existsSync(lock())).toBe(false);
    writeFileSync(lock(), `${process.pid} hung\n`);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock(), longAgo, longAgo);
    store.approve([approval('b', { pointer: '/other' })]);
    expect(store.isApproved('b')).toBe(true);
    expect(existsSync(lock())).toBe(false);
  });

  it('gives up on a lock a live process holds, with one line naming it', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(lock(), `${process.pid} busy\n`);
    const message = errorOf(() => {
      withStoreLock(file, () => undefined, 50);
    });
    expect(message).toBe(
      `the trust store ${file} stays locked by process ${process.pid}; if no hookstream is running, remove ${lock()}`,
    );
    expect(readFileSync(lock(), 'utf8')).toBe(`${process.pid} busy\n`);
  });
});

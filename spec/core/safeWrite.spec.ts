/**
 * The one safe writer: parents resolved inside the root (a link out is refused, naming it and its target), the
 * last component never followed, directories created one by one, atomic replacement keeping the file's mode,
 * appends created 0600. Each refusal is checked with a witness file outside the root that must stay untouched.
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookstreamError } from '../../lib/core/errors.js';
import {
  checkSafeWrite,
  createFileSafely,
  namedFileRoot,
  openAppendSafely,
  replaceFileSafely,
  UnsafeWriteError,
} from '../../lib/core/safeWrite.js';
import { spawnSync } from 'node:child_process';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'hookstream-safe-write-'));
  root = path.join(base, 'project');
  outside = path.join(base, 'home');
  mkdirSync(root);
  mkdirSync(outside);
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

/** The refusal `write` throws, checked to be an UnsafeWriteError (and so a HookstreamError). */
const refusal = (write: () => unknown): UnsafeWriteError => {
  try {
    write();
  } catch (error) {
    expect(error).toBeInstanceOf(UnsafeWriteError);
    expect(error).toBeInstanceOf(HookstreamError);
    return error as UnsafeWriteError;
  }
  throw new Error('the write was not refused');
};

const writers = {
  createFileSafely: (file: string) => createFileSafely(root, file, 'x'),
  replaceFileSafely: (file: string) => replaceFileSafely(root, file, 'x'),
  openAppendSafely: (file: string) => {
    closeSync(openAppendSafely(root, file));
  },
  checkSafeWrite: (file: string) => {
    checkSafeWrite(root, file);
  },
};

describe.each(Object.entries(writers))('%s', (_name, write) => {
  it('refuses a parent that is a link out of the root, naming the link and its target; nothing written outside', () => {
    symlinkSync(outside, path.join(root, '.hookstream'));
    const error = refusal(() => write('.hookstream/settings.json'));
    const shown = path.join(root, '.hookstream');
    expect(error.message).toBe(
      `refusing to write ${shown}/settings.json: ${shown} is a symbolic link to ${outside} (outside ${root})`,
    );
    expect(error.link).toBe(shown);
    expect(error.linkTarget).toBe(outside);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a link further up the path (a real directory, then a link out)', () => {
    mkdirSync(path.join(root, '.hookstream'));
    symlinkSync(outside, path.join(root, '.hookstream', 'hooks'));
    const error = refusal(() => write('.hookstream/hooks/guard.mjs'));
    expect(error.link).toBe(path.join(root, '.hookstream', 'hooks'));
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a relative link that climbs out of the root', () => {
    symlinkSync('../home', path.join(root, 'logs'));
    const error = refusal(() => write('logs/session.jsonl'));
    expect(error.linkTarget).toBe(outside);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a dangling link as a parent (it leads nowhere inside the root)', () => {
    symlinkSync(path.join(outside, 'missing'), path.join(root, '.hookstream'));
    refusal(() => write('.hookstream/settings.json'));
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses the last component as a link wherever it points, the witness untouched', () => {
    const witness = path.join(outside, 'settings.json');
    writeFileSync(witness, 'original');
    mkdirSync(path.join(root, '.hookstream'));
    const file = path.join(root, '.hookstream', 'settings.json');
    symlinkSync(witness, file);
    const error = refusal(() => write('.hookstream/settings.json'));
    expect(error.message).toBe(`refusing to write ${file}: it is a symbolic link to ${witness}`);
    expect(readFileSync(witness, 'utf8')).toBe('original');
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
  });

  it('refuses a path outside the root', () => {
    const error = refusal(() => write(path.join(outside, 'x')));
    expect(error.message).toContain(`is not inside ${root}`);
  });

  it('follows a link that stays inside the root', () => {
    mkdirSync(path.join(root, 'real'));
    symlinkSync('real', path.join(root, 'alias'));
    write('alias/file');
    if (_name !== 'checkSafeWrite') expect(existsSync(path.join(root, 'real', 'file'))).toBe(true);
  });
});

describe('createFileSafely', () => {
  it('creates missing directories one by one and the file with its exact mode', () => {
    const file = createFileSafely(root, '.hookstream/hooks/guard.mjs', '#!/bin/sh\n', {
      mode: 0o755,
      createDirs: true,
    });
    expect(file).toBe(path.join(root, '.hookstream', 'hooks', 'guard.mjs'));
    expect(statSync(file).mode & 0o777).toBe(0o755);
    expect(readFileSync(file, 'utf8')).toBe('#!/bin/sh\n');
  });

  it('creates no directory unless asked: a missing parent is ENOENT, naming the file', () => {
    expect(() => createFileSafely(root, 'missing/file', '')).toThrow(/ENOENT/);
    expect(() => openAppendSafely(path.join(root, 'gone'), 'x.jsonl')).toThrow(
      `ENOENT: no such file or directory, open '${path.join(root, 'gone', 'x.jsonl')}'`,
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it('never overwrites: an existing file is EEXIST', () => {
    writeFileSync(path.join(root, 'a'), 'kept');
    expect(() => createFileSafely(root, 'a', 'new')).toThrow(/EEXIST/);
    expect(readFileSync(path.join(root, 'a'), 'utf8')).toBe('kept');
  });

  it('refuses a parent that is a file', () => {
    writeFileSync(path.join(root, 'plain'), '');
    expect(refusal(() => createFileSafely(root, 'plain/x', '')).message).toContain('is not a directory');
  });
});

describe('replaceFileSafely', () => {
  it('replaces atomically, keeps the existing mode and leaves no temporary file', () => {
    const file = path.join(root, 'settings.json');
    writeFileSync(file, 'old', { mode: 0o600 });
    replaceFileSafely(root, 'settings.json', 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(root)).toEqual(['settings.json']);
  });

  it('creates a missing file with the given mode', () => {
    replaceFileSafely(root, 'a/b.json', '{}', { mode: 0o640, createDirs: true });
    expect(statSync(path.join(root, 'a', 'b.json')).mode & 0o777).toBe(0o640);
  });

  it('refuses to replace a directory', () => {
    mkdirSync(path.join(root, 'dir'));
    expect(refusal(() => replaceFileSafely(root, 'dir', 'x')).message).toContain('not a regular file');
  });
});

describe('openAppendSafely', () => {
  it('creates a new file 0600 and appends to an existing one without changing its mode', () => {
    let fd = openAppendSafely(root, 'rec.jsonl');
    writeSync(fd, 'a\n');
    closeSync(fd);
    const file = path.join(root, 'rec.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(path.join(root, 'old.jsonl'), 'x\n', { mode: 0o644 });
    fd = openAppendSafely(root, 'old.jsonl');
    writeSync(fd, 'y\n');
    closeSync(fd);
    expect(readFileSync(path.join(root, 'old.jsonl'), 'utf8')).toBe('x\ny\n');
    expect(statSync(path.join(root, 'old.jsonl')).mode & 0o777).toBe(0o644);
  });

  it('refuses a FIFO without blocking', () => {
    const fifo = path.join(root, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(refusal(() => openAppendSafely(root, 'pipe')).message).toContain('not a regular file');
  });
});

describe('namedFileRoot', () => {
  it('is the working directory for a file inside it, else the file’s own directory', () => {
    expect(namedFileRoot('/p', 'logs/a.jsonl')).toBe('/p');
    expect(namedFileRoot('/p', '/p/a.jsonl')).toBe('/p');
    expect(namedFileRoot('/p', '/tmp/x/a.jsonl')).toBe('/tmp/x');
    expect(namedFileRoot('/p', '../q/a.jsonl')).toBe('/q');
  });
});

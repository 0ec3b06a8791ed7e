/**
 * The memo behind cheap re-checks (issue 10): a file is hashed once while its identity holds, re-read
 * when it changes in any way — even when its size and mtime are put back — and never memoised while its
 * change time is too recent to tell two versions apart.
 */
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileMemo, RACY_MS, sha256 } from '../../lib/trust/fileMemo.js';

let dir: string;
let reads: string[];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-memo-'));
  reads = [];
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Moves the file's change time past the version the memo saw (timestamps are a kernel tick coarse): the
 * memo's clock is faked ahead below, so without this two versions could share one identity.
 */
const passTick = (file: string): void => {
  const seen = statSync(file).ctimeMs;
  while (statSync(file).ctimeMs === seen) chmodSync(file, 0o644);
};

/** A memo whose clock is far ahead, so every file counts as settled; reads are recorded. */
const settledMemo = () =>
  createFileMemo({
    now: () => Date.now() + 10 * RACY_MS,
    read: (file) => {
      reads.push(file);
      return readFileSync(file);
    },
  });

describe('createFileMemo', () => {
  it('hashes a file once while it is unchanged', () => {
    const file = path.join(dir, 'x.sh');
    writeFileSync(file, 'echo 1\n');
    const memo = settledMemo();
    expect(memo.hash(file)).toBe(sha256('echo 1\n'));
    expect(memo.hash(file)).toBe(sha256('echo 1\n'));
    expect(reads).toEqual([file]);
  });

  it('reads it again after an append, a rename over it, or an edit with size and mtime put back', () => {
    const file = path.join(dir, 'x.sh');
    writeFileSync(file, 'echo 1\n');
    const memo = settledMemo();
    memo.hash(file);
    passTick(file);
    appendFileSync(file, 'rm -rf ~\n');
    expect(memo.hash(file)).toBe(sha256('echo 1\nrm -rf ~\n'));
    writeFileSync(path.join(dir, 'other'), 'echo 2\n');
    renameSync(path.join(dir, 'other'), file);
    expect(memo.hash(file)).toBe(sha256('echo 2\n'));
    passTick(file);
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'echo 3\n'); // same size
    utimesSync(file, atime, mtime); // mtime put back: only ctime tells
    expect(memo.hash(file)).toBe(sha256('echo 3\n'));
    expect(reads).toHaveLength(4);
  });

  it('does not memoise a file changed within RACY_MS of the read', () => {
    const file = path.join(dir, 'x.sh');
    writeFileSync(file, 'echo 1\n');
    const memo = createFileMemo({
      read: (name) => {
        reads.push(name);
        return readFileSync(name);
      },
    });
    memo.hash(file);
    memo.hash(file);
    expect(reads).toHaveLength(2);
  });

  it('says missing for what is not a readable file, and remembers first lines per version', () => {
    const memo = settledMemo();
    expect(memo.hash(path.join(dir, 'absent'))).toBe('missing');
    expect(memo.hash(dir)).toBe('missing');
    const file = path.join(dir, 'x.sh');
    writeFileSync(file, '#!/bin/sh\necho\n');
    expect(memo.probe.firstLine(file)).toBe('#!/bin/sh');
    writeFileSync(file, '#!/usr/bin/env node\n');
    expect(memo.probe.firstLine(file)).toBe('#!/usr/bin/env node');
  });
});

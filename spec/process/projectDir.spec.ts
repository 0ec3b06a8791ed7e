/** The project directory check: measured once, remembered, and measured again only on request. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createProjectDirCheck } from '../../lib/process/projectDir.js';

const root = mkdtempSync(path.join(tmpdir(), 'hookstream-dir-'));
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('createProjectDirCheck', () => {
  it('passes a directory and keeps its first answer until asked to measure again', () => {
    const dir = path.join(root, 'project');
    mkdirSync(dir);
    const check = createProjectDirCheck(dir);
    expect(check.problem()).toBeUndefined();
    rmSync(dir, { recursive: true });
    expect(check.problem()).toBeUndefined();
    expect(check.recheck()).toBe(`project directory ${dir} does not exist`);
    expect(check.problem()).toBe(`project directory ${dir} does not exist`);
  });

  it('names a file that is not a directory', () => {
    const file = path.join(root, 'file');
    writeFileSync(file, '');
    expect(createProjectDirCheck(file).problem()).toBe(`project directory ${file} is not a directory`);
  });
});

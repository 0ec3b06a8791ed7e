/**
 * Reading files someone else may have placed: a regular file under the bound is read; a FIFO, a device, a
 * directory, a file over the bound (and a link, when asked) are refused at once with a message naming the file.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatBytes,
  readRegularFile,
  readRegularFileSync,
  UnreadableFileError,
  type ReadRegularFileOptions,
} from '../../lib/core/readRegularFile.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-read-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const readers: [string, (file: string, options: ReadRegularFileOptions) => Promise<string>][] = [
  ['readRegularFileSync', (file, options) => Promise.resolve().then(() => readRegularFileSync(file, options))],
  ['readRegularFile', readRegularFile],
];

describe.each(readers)('%s', (_name, read) => {
  const options = { maxBytes: 64 };

  it('reads a regular file under the bound as UTF-8', async () => {
    const file = path.join(dir, 'a.json');
    writeFileSync(file, '{"é":1}');
    await expect(read(file, options)).resolves.toBe('{"é":1}');
  });

  it('reads a file of exactly the bound and an empty file', async () => {
    writeFileSync(path.join(dir, 'full'), 'x'.repeat(64));
    writeFileSync(path.join(dir, 'empty'), '');
    await expect(read(path.join(dir, 'full'), options)).resolves.toHaveLength(64);
    await expect(read(path.join(dir, 'empty'), options)).resolves.toBe('');
  });

  it('refuses a file over the bound, naming it and the limit', async () => {
    const file = path.join(dir, 'big');
    writeFileSync(file, 'x'.repeat(65));
    const error = await read(file, options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toBe(`${file} is 65 bytes, over the 64 bytes limit`);
  });

  it('refuses /dev/zero as a character device', async () => {
    await expect(read('/dev/zero', options)).rejects.toThrow('/dev/zero is a character device, not a regular file');
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const fifo = path.join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    await expect(read(fifo, options)).rejects.toThrow(`${fifo} is a named pipe (FIFO), not a regular file`);
  });

  it('refuses a directory', async () => {
    mkdirSync(path.join(dir, 'd'));
    await expect(read(path.join(dir, 'd'), options)).rejects.toThrow('is a directory (EISDIR), not a regular file');
  });

  it('keeps ENOENT for a missing file (callers treat it as absent)', async () => {
    await expect(read(path.join(dir, 'missing'), options)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('follows a link by default and refuses it with noFollow', async () => {
    writeFileSync(path.join(dir, 'secret'), 'key');
    symlinkSync(path.join(dir, 'secret'), path.join(dir, 'link'));
    await expect(read(path.join(dir, 'link'), options)).resolves.toBe('key');
    await expect(read(path.join(dir, 'link'), { maxBytes: 64, noFollow: true })).rejects.toThrow(
      'is a symbolic link, not followed',
    );
  });
});

describe('formatBytes', () => {
  it('says whole mebibytes as MiB, anything else in bytes', () => {
    expect(formatBytes(4 * 1024 * 1024)).toBe('4 MiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});

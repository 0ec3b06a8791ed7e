/**
 * Following a recording as it is written: lines already there, then appended ones — including a line that
 * arrives in two writes, split inside a multi-byte character — a malformed line reported and skipped, and a
 * file that shrinks (rotated) read again from the start. Unsubscribing stops the polling. Only a regular file
 * is read, and a line over the line bound is reported and skipped, never held whole.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followRecording } from '../../lib/tools/followRecording.js';
import type { RecordingEntry } from '../../lib/observe/recording.js';

const line = (prompt: string): string =>
  JSON.stringify({
    hookstream: 1,
    event: 'BeforeAgent',
    session: 's',
    at: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    fields: { prompt },
    result: { blocked: false, hooks: [] },
  }) + '\n';

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-follow-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('followRecording', () => {
  it('emits the lines there, then each appended line once complete', async () => {
    const file = path.join(dir, 'r.jsonl');
    writeFileSync(file, line('one'));
    const seen: RecordingEntry[] = [];
    const problems: string[] = [];
    const subscription = followRecording(file, { intervalMs: 10, onProblem: (p) => problems.push(p) }).subscribe(
      (entry) => seen.push(entry),
    );
    const prompts = () => seen.map((entry) => [entry.line, entry.recorded.fields.prompt]);
    expect(prompts()).toEqual([[1, 'one']]);
    // A line in two writes, cut inside "é" (two bytes in UTF-8).
    const bytes = Buffer.from(line('café'));
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    appendFileSync(file, bytes.subarray(0, cut));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prompts()).toEqual([[1, 'one']]);
    appendFileSync(file, bytes.subarray(cut));
    appendFileSync(file, '{broken\n');
    appendFileSync(file, line('three'));
    await until(() => seen.length === 3);
    expect(prompts()).toEqual([
      [1, 'one'],
      [2, 'café'],
      [4, 'three'],
    ]);
    expect(problems).toEqual([expect.stringMatching(/r\.jsonl:3: not JSON/)]);
    // Rotated: the file starts over.
    writeFileSync(file, line('fresh'));
    await until(() => seen.length === 4);
    expect(prompts().at(-1)).toEqual([1, 'fresh']);
    subscription.unsubscribe();
    appendFileSync(file, line('after'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(4);
  });

  it('reports a missing file once and picks it up when it appears', async () => {
    const file = path.join(dir, 'later.jsonl');
    const seen: RecordingEntry[] = [];
    const problems: string[] = [];
    const subscription = followRecording(file, { intervalMs: 10, onProblem: (p) => problems.push(p) }).subscribe(
      (entry) => seen.push(entry),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(file, line('hello'));
    await until(() => seen.length === 1);
    subscription.unsubscribe();
    expect(problems).toEqual([expect.stringMatching(/^cannot read .*later\.jsonl: ENOENT/)]);
  });

  it('reports a line over the bound once, drops it up to its newline, and reads on with the right line numbers', async () => {
    const file = path.join(dir, 'long.jsonl');
    writeFileSync(file, line('one'));
    const seen: RecordingEntry[] = [];
    const problems: string[] = [];
    const subscription = followRecording(file, {
      intervalMs: 10,
      maxLineBytes: 1024,
      onProblem: (p) => problems.push(p),
    }).subscribe((entry) => seen.push(entry));
    // A writer that never ends its line: held only up to the bound, then dropped as it grows.
    appendFileSync(file, 'x'.repeat(800));
    await new Promise((resolve) => setTimeout(resolve, 50));
    appendFileSync(file, 'x'.repeat(800));
    await until(() => problems.length === 1);
    appendFileSync(file, 'x'.repeat(5000));
    appendFileSync(file, `y\n${line('three')}`);
    await until(() => seen.length === 2);
    subscription.unsubscribe();
    expect(seen.map((entry) => [entry.line, entry.recorded.fields.prompt])).toEqual([
      [1, 'one'],
      [3, 'three'],
    ]);
    expect(problems).toEqual([`${file}:2: line is over the 1024 bytes limit; skipped`]);
  });

  it('refuses a directory or a named pipe once, without blocking, and reads the file that replaces it', async () => {
    const file = path.join(dir, 'odd.jsonl');
    mkdirSync(file);
    const seen: RecordingEntry[] = [];
    const problems: string[] = [];
    const subscription = followRecording(file, { intervalMs: 10, onProblem: (p) => problems.push(p) }).subscribe(
      (entry) => seen.push(entry),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    rmSync(file, { recursive: true });
    execFileSync('mkfifo', [file]);
    await until(() => problems.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    rmSync(file);
    writeFileSync(file, line('hello'));
    await until(() => seen.length === 1);
    subscription.unsubscribe();
    expect(problems).toEqual([
      `cannot read ${file}: ${file} is a directory (EISDIR), not a regular file`,
      `cannot read ${file}: ${file} is a named pipe (FIFO), not a regular file`,
    ]);
  });
});

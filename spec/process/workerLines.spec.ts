/**
 * The line splitter of worker stdout: one batch of lines per chunk (so two lines printed for one request
 * arrive together), lines split across chunks joined, and the cap on a line's length.
 */
import { describe, expect, it } from 'vitest';
import { createLineSplitter } from '../../lib/process/workerLines.js';

/** Feeds `chunks` and records what the sink saw: each batch as strings, and overflow as 'overflow'. */
const split = (chunks: string[], maxLineBytes = 100): (string[] | 'overflow')[] => {
  const seen: (string[] | 'overflow')[] = [];
  const feed = createLineSplitter(maxLineBytes, {
    lines: (lines) => seen.push(lines.map((line) => Buffer.from(line).toString('utf8'))),
    overflow: () => seen.push('overflow'),
  });
  for (const chunk of chunks) feed(Buffer.from(chunk));
  return seen;
};

describe('createLineSplitter', () => {
  it('delivers one whole line as a batch of one', () => {
    expect(split(['{"id":1}\n'])).toEqual([['{"id":1}']]);
  });

  it('delivers the lines of one chunk together, empty lines included', () => {
    expect(split(['a\n\nb\n'])).toEqual([['a', '', 'b']]);
  });

  it('joins a line split across chunks, and keeps the unfinished rest for later', () => {
    expect(split(['{"id"', ':1}\n{"id":', '2}\n'])).toEqual([['{"id":1}'], ['{"id":2}']]);
    expect(split(['one\ntw', 'o', '\n'])).toEqual([['one'], ['two']]);
  });

  it('delivers nothing for a chunk without a newline, and nothing for an empty chunk', () => {
    expect(split(['abc', ''])).toEqual([]);
  });

  it('keeps bytes intact across chunk boundaries (a character split in two)', () => {
    const bytes = Buffer.from('é\n');
    const seen: string[] = [];
    const feed = createLineSplitter(10, {
      lines: (lines) => seen.push(...lines.map((line) => Buffer.from(line).toString('utf8'))),
      overflow: () => seen.push('overflow'),
    });
    feed(bytes.subarray(0, 1));
    feed(bytes.subarray(1));
    expect(seen).toEqual(['é']);
  });

  it('accepts a line of exactly the cap, and overflows once past it, delivering nothing afterwards', () => {
    expect(split(['12345\n'], 5)).toEqual([['12345']]);
    expect(split(['123456\n', 'a\n'], 5)).toEqual(['overflow']);
    expect(split(['123', '456', '\n', 'a\n'], 5)).toEqual(['overflow']);
    expect(split(['ok\n123456'], 5)).toEqual(['overflow']);
  });
});

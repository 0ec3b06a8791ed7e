/**
 * The kind table is the one place kinds differ: every kind has every facet, the executors' table covers the same
 * kinds, and no module outside lib/kinds compares a definition's `type` with a kind's name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../lib/kinds/table.js';
import { KIND_EXECUTORS } from '../../lib/executors/kindExecutors.js';

const LIB = path.resolve(import.meta.dirname, '../../lib');
const FACETS = ['type', 'shape', 'fields', 'required', 'check', 'key', 'label', 'program', 'subject', 'approval'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });

describe('the kind table', () => {
  it('gives every kind every facet, under its own name', () => {
    for (const [name, kind] of Object.entries(KINDS)) {
      expect(Object.keys(kind).sort()).toEqual([...FACETS].sort());
      expect(kind.type).toBe(name);
    }
  });

  it('has a leaf executor for exactly its kinds', () => {
    expect(Object.keys(KIND_EXECUTORS).sort()).toEqual(Object.keys(KINDS).sort());
  });

  it('is the only place that tests a definition type against a kind name', () => {
    const names = Object.keys(KINDS).join('|');
    const test = new RegExp(
      `(?:\\.type|\\btype\\)?)\\s*[!=]==\\s*'(?:${names})'|'(?:${names})'\\s*[!=]==\\s*[\\w.]*type\\b|case '(?:${names})':`,
    );
    // Adapters and translators speak the hosts' own `type` fields (`type: 'function'` tools), not hook kinds.
    const outside = sourceFiles(LIB).filter((file) => !/^(kinds|adapters|translate)\//.test(path.relative(LIB, file)));
    const found = outside.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          test.test(line) ? [`${path.relative(LIB, file)}:${String(index + 1)}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

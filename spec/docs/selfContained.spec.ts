/**
 * Comments in lib/ and the messages of eslint.config.js state their reasons themselves: no pointers to
 * documents the package does not ship (a design document and its sections, a facts file, the seed
 * specifications) or to the tracker and development rounds ("issue 10", "#12", "round 2"). A reader of
 * the published source has none of those, so the reason belongs in the line that needs it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIB = path.join(ROOT, 'lib');

/** Each kind of reference a reader cannot follow, with what to write instead. */
const REFERENCES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'design document', pattern: /\bDESIGN\b/ },
  { name: 'facts file', pattern: /\bFACTS\b/ },
  { name: 'issue number', pattern: /\bissues? #?\d+/i },
  { name: 'tracker number', pattern: /(?<![\w&])#\d{1,3}\b/ },
  { name: 'section sign', pattern: /§/ },
  { name: 'seed specification', pattern: /\b(?:functional|seed) spec(?:ification)?\b/i },
  { name: 'development round', pattern: /\bround \d/i },
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });

const eslintConfigs = (): string[] =>
  readdirSync(ROOT)
    .filter((name) => /^eslint\.config\.[cm]?[jt]s$/.test(name))
    .map((name) => path.join(ROOT, name));

/** `file:line: kind: text` for every line of `file` that points at an unshipped document or the tracker. */
const findReferences = (file: string, text: string): string[] =>
  text
    .split('\n')
    .flatMap((line, index) =>
      REFERENCES.filter(({ pattern }) => pattern.test(line)).map(
        ({ name }) => `${path.relative(ROOT, file)}:${index + 1}: ${name}: ${line.trim()}`,
      ),
    );

describe('self-contained comments', () => {
  it('recognises every kind of reference it forbids', () => {
    const samples = [
      '// see DESIGN §3 "Planning"',
      '/** measured (FACTS.md, round 2) */',
      ' * (issue 10: the helper is slow)',
      ' * (issues #12, #14)',
      '// functional spec §7.2',
    ];
    const found = findReferences(path.join(ROOT, 'sample.ts'), samples.join('\n'));
    expect(new Set(found.map((entry) => entry.split(':')[1]))).toEqual(new Set(['1', '2', '3', '4', '5']));
    expect(findReferences(path.join(ROOT, 'sample.ts'), "// a round trip; `#!` lines; '#fff'")).toEqual([]);
  });

  it('lib/ and the eslint config name no unshipped document, issue or round', () => {
    const files = [...sourceFiles(LIB), ...eslintConfigs()];
    expect(files.length).toBeGreaterThan(1);
    const found = files.flatMap((file) => findReferences(file, readFileSync(file, 'utf8')));
    expect(found, `state the reason in the comment instead:\n${found.join('\n')}`).toEqual([]);
  });
});

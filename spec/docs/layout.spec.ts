/**
 * The layout of lib/, checked: every import goes to its own folder or a lower floor (spec/docs/floors.ts),
 * no import cycle between modules (type-only imports included — a cycle of types still ties two concerns
 * together), every folder has a floor, and docs/architecture.md prints the same table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOORS, floorsTable, rankOf, SIBLINGS } from './floors.js';

const LIB = path.resolve(import.meta.dirname, '../../lib');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });

/** Every relative import, export-from and `import('…')` of each module, as module paths. */
const importGraph = (): Map<string, string[]> => {
  const files = sourceFiles(LIB);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)\.js'/g)].map((match) =>
      path.resolve(path.dirname(file), `${match[1] ?? ''}.ts`),
    );
    graph.set(
      file,
      targets.filter((target) => known.has(target)),
    );
  }
  return graph;
};

/** The top folder of a module under lib/ (undefined for lib/index.ts, which may import any floor). */
const folderOf = (file: string): string | undefined => {
  const parts = path.relative(LIB, file).split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
};

/** Whether a module in `from` may import one in `to`. */
const allowed = (from: string, to: string): boolean => {
  const a = rankOf(from);
  const b = rankOf(to);
  if (a === undefined || b === undefined) return false;
  return b < a || (a === b && SIBLINGS.some(([x, y]) => x === from && y === to));
};

/** One cycle found by depth-first search, or undefined. */
const findCycle = (graph: Map<string, string[]>): string[] | undefined => {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): string[] | undefined => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    trail.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    if (state.get(file) !== undefined) continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
};

describe('lib/ layout', () => {
  it('has no import cycle, type-only imports included', () => {
    const cycle = findCycle(importGraph());
    expect(cycle?.map((file) => path.relative(LIB, file)).join(' → ')).toBeUndefined();
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('imports only from the same folder or a lower floor', () => {
    const wrong: string[] = [];
    for (const [file, targets] of importGraph()) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from === to || from === undefined || to === undefined) continue;
        if (!allowed(from, to)) wrong.push(`${path.relative(LIB, file)} → ${path.relative(LIB, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives every folder of lib/ a floor, and lists no folder that is not there', () => {
    const folders = readdirSync(LIB).filter((name) => statSync(path.join(LIB, name)).isDirectory());
    expect(folders.filter((folder) => rankOf(folder) === undefined)).toEqual([]);
    expect(FLOORS.flatMap((floor) => floor.folders).filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it('refuses an import upwards or between same-floor folders (the check itself works)', () => {
    expect(allowed('engine', 'aggregate')).toBe(true);
    expect(allowed('aggregate', 'engine')).toBe(false);
    expect(allowed('tools', 'seed')).toBe(false);
    expect(allowed('core', 'model')).toBe(false);
  });

  it('is the table docs/architecture.md prints', () => {
    const page = readFileSync(path.resolve(LIB, '../docs/architecture.md'), 'utf8');
    // Prettier pads table cells: compare cell by cell.
    const cells = (text: string): string =>
      text
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) =>
          line
            .split('|')
            .map((cell) => cell.trim().replace(/^:?-+:?$/, '---'))
            .join('|'),
        )
        .join('\n');
    expect(cells(page)).toContain(cells(floorsTable()));
  });
});

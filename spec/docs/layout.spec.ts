/**
 * The layout DESIGN §4 describes, checked: no import cycle between modules of lib/ (type-only imports
 * included — a cycle of types still ties two concerns together), and every folder DESIGN names exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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

  it('has the folders of DESIGN §4 that this round builds', () => {
    const folders = readdirSync(LIB).filter((name) => statSync(path.join(LIB, name)).isDirectory());
    for (const folder of [
      'core',
      'events',
      'config',
      'plan',
      'rules',
      'aggregate',
      'engine',
      'operators',
      'executors',
      'process',
      'protocol',
      'inspect',
      'trust',
      'host',
      'translate',
      'system',
      'seed',
      'logging',
      'cli',
      'testing',
    ]) {
      expect(folders).toContain(folder);
    }
  });
});

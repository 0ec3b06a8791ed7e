/**
 * The name counts the docs state per entry point (api/README.md's table, the "(N)" in the README's and the
 * host-integration page's entry-point tables) are the counts of the committed API reports: a door that grows shows
 * its new size wherever a reader is told it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

interface Count {
  names: number;
  values: number;
  types: number;
}

/** Distinct top-level export declarations of a report; values are classes, functions, constants and enums. */
const countReport = (report: string): Count => {
  const kinds = new Map<string, string>();
  const declaration =
    /^export (?:declare )?(?:abstract )?(class|function|const|let|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/gm;
  for (const match of report.matchAll(declaration)) kinds.set(match[2] as string, match[1] as string);
  const values = [...kinds.values()].filter((kind) => kind !== 'interface' && kind !== 'type').length;
  return { names: kinds.size, values, types: kinds.size - values };
};

/** The report file of an entry point: `hookstream/compose` → api/hookstream-compose.api.md. */
const reportOf = (entry: string): string => `api/${entry.replace('/', '-')}.api.md`;

const apiTable = [
  ...read('api/README.md').matchAll(/^\| `(hookstream[^`]*)` +\|[^|]+\|[^|]+\| +(\d+) \| +(\d+) \| +(\d+) \|$/gm),
];

describe('entry-point counts in the docs', () => {
  it('api/README.md lists every report with its names, values and types', () => {
    expect(apiTable.length).toBeGreaterThanOrEqual(12);
    for (const row of apiTable) {
      const entry = row[1] as string;
      const stated = { names: Number(row[2]), values: Number(row[3]), types: Number(row[4]) };
      expect([entry, stated]).toEqual([entry, countReport(read(reportOf(entry)))]);
    }
  });

  it.each(['README.md', 'docs/host-integration.md'])(
    '%s states the name count of each entry point it counts',
    (file) => {
      // The count is the first "(N)" or "(N names)" of the row, in the entry's cell or in the description.
      const rows = read(file).matchAll(/^\| `(hookstream[^`]*)`[^\n]*?\((\d+)(?: names)?\)[^\n]*\|$/gm);
      const counted = [...rows].map((row) => [row[1], row[2]] as const);
      expect(counted.length).toBeGreaterThanOrEqual(4);
      for (const [entry, count] of counted)
        expect([entry, Number(count)]).toEqual([entry, countReport(read(reportOf(entry as string))).names]);
    },
  );
});

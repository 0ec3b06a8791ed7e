/**
 * Renders bench/results.json as the performance table of docs/performance.md (bench/report.ts renders the whole
 * page around it). `npx tsx bench/table.ts` prints the table alone.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Spread } from './measure.js';
import type { ComparisonRow, Figure, Sections, TargetRow } from './rows.js';

export const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

/** The whole of bench/results.json as run.ts writes it. */
export interface BenchResults extends Sections {
  measuredAt: string;
  /** A `--quick` smoke run: its figures prove nothing and must not reach the docs. */
  quick: boolean;
  machine: { node: string; cpus: number; model: string | undefined; platform: string };
  targets: TargetRow[];
  comparisons: ComparisonRow[];
  /** Each interleaved contender's per-call times over its rounds (`section.contender`); absent in older files. */
  spread?: Readonly<Record<string, Spread>>;
}

export const readResults = (path = RESULTS): BenchResults => {
  const results = JSON.parse(readFileSync(path, 'utf8')) as Partial<BenchResults>;
  // Files written before the targets existed have no rows to render: say so rather than render an empty table.
  if (!Array.isArray(results.targets) || !Array.isArray(results.comparisons)) {
    throw new Error(`${path} has no "targets"/"comparisons" rows (an older format): run \`npm run bench\``);
  }
  return results as BenchResults;
};

/** Two decimals for small figures, fewer as they grow, trailing zeros dropped (a target of 30× reads `30×`). */
const number = (value: number): string => {
  const size = Math.abs(value);
  const fixed = size >= 100 ? value.toFixed(0) : size >= 10 ? value.toFixed(1) : value.toFixed(size >= 0.1 ? 2 : 3);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
};

const figure = ({ value, unit }: Figure, signed = false): string => {
  const sign = signed && value >= 0 ? '+' : '';
  if (unit === '×') return `${number(value)}×`;
  if (unit === 'events/s') {
    const scaledValue =
      value >= 1e6 ? `${number(value / 1e6)} M` : value >= 1e3 ? `${number(value / 1e3)} k` : number(value);
    return `${scaledValue} events/s`;
  }
  return `${sign}${number(value)} ${unit}`;
};

/** A heap growth, or a row that says so, reads as a signed difference; every other measured figure stands alone. */
const isSigned = (row: TargetRow): boolean => row.signed === true || row.measured.unit === 'MB';
const measured = (row: TargetRow): string => figure(row.measured, isSigned(row));

const target = (row: TargetRow): string =>
  `${row.target.op === '<=' ? '≤' : '≥'} ${figure({ value: row.target.value, unit: row.target.unit }, isSigned(row))}`;

const ratio = (value: number): string => (value >= 1 ? `${number(value)}×` : `${number(1 / value)}× faster`);

const cells = (values: readonly string[]): string => `| ${values.join(' | ')} |`;

/** The table's markdown lines, unformatted (bench/report.ts formats the page with prettier). */
export const renderTable = (results: BenchResults): string[] => [
  cells(['what', 'hookstream', 'side-by-side baseline', 'measured', 'target', 'met']),
  cells(['---', '---', '---', '---', '---', '---']),
  ...results.targets.map((row) =>
    cells([
      row.what,
      figure(row.hookstream),
      `${row.baseline.what}: ${figure(row.baseline)}`,
      measured(row),
      target(row),
      row.met ? 'yes' : '**no**',
    ]),
  ),
  ...results.comparisons.map((row) =>
    cells([
      row.what,
      figure(row.hookstream),
      `${row.baseline.what}: ${figure(row.baseline)}`,
      ratio(row.ratio),
      '—',
      '—',
    ]),
  ),
];

/** How far `value` lies from `of`, signed, in percent. */
const percent = (value: number, of: number): string => {
  const share = ((value - of) / of) * 100;
  return `${share >= 0 ? '+' : '−'}${Math.abs(share).toFixed(1)} %`;
};

/** The spread table's markdown lines: per contender, its rounds and how far the quartiles and extremes lie from the median. */
export const renderSpread = (spread: Readonly<Record<string, Spread>>): string[] => [
  cells(['contender', 'rounds', 'median per call', 'p25 / p75', 'min / max']),
  cells(['---', '---', '---', '---', '---']),
  ...Object.entries(spread).map(([name, s]) =>
    cells([
      `\`${name}\``,
      String(s.rounds),
      s.median >= 1 ? `${number(s.median)} ms` : `${number(s.median * 1000)} µs`,
      `${percent(s.p25, s.median)} / ${percent(s.p75, s.median)}`,
      `${percent(s.min, s.median)} / ${percent(s.max, s.median)}`,
    ]),
  ),
];

/** A missed target in one line: what, measured against the target, beside its baseline. */
export const missedLine = (row: TargetRow): string =>
  `${row.what}: ${measured(row)} against a target of ${target(row)} (hookstream ${figure(row.hookstream)}, ` +
  `${row.baseline.what} ${figure(row.baseline)}).`;

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${renderTable(readResults()).join('\n')}\n`);
}

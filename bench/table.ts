/**
 * Renders bench/results.json as the README's performance table, formatted by prettier so that README.md stays
 * prettier-clean with the block pasted verbatim. spec/docs/performanceTable.spec.ts checks that README.md holds
 * exactly this block, so the published figures are always those of the committed results.
 *
 * `npx tsx bench/table.ts` prints the block with its markers; `--write-readme` replaces the block between
 * the markers already in README.md (it never adds them: where the table goes is an editor's decision).
 * `--recompute-rows` first derives the rows of bench/results.json again from the figures it holds, after a
 * change to bench/rows.ts (a new row from a figure already measured): nothing is measured again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { spawnRows, targetRows, type ComparisonRow, type Figure, type Sections, type TargetRow } from './rows.js';

export const START = '<!-- bench:table:start -->';
export const END = '<!-- bench:table:end -->';

export const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
export const README = fileURLToPath(new URL('../README.md', import.meta.url));

/** The whole of bench/results.json as run.ts writes it. */
export interface BenchResults extends Sections {
  measuredAt: string;
  /** A `--quick` smoke run: its figures prove nothing and must not reach the README. */
  quick: boolean;
  machine: { node: string; cpus: number; model: string | undefined; platform: string };
  targets: TargetRow[];
  comparisons: ComparisonRow[];
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

/** The markdown between the markers (without them), prettier-formatted. */
export const renderTable = async (results: BenchResults): Promise<string> => {
  const { machine } = results;
  const lines = [
    `Measured ${results.measuredAt.slice(0, 10)} by \`npm run bench\` on Node ${machine.node}, ${machine.cpus} × ` +
      `${machine.model ?? 'unknown CPU'} (${machine.platform}); each figure beside its baseline, interleaved in the same run.`,
    '',
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
  if (results.quick)
    lines.push('', '**A `--quick` smoke run on a busy machine: these figures are not a measurement.**');
  const options = (await resolveConfig(README)) ?? {};
  return (await format(lines.join('\n'), { ...options, parser: 'markdown' })).trim();
};

/** The block to paste into README.md: the markers with the table between them, blank lines around it. */
export const renderBlock = async (results: BenchResults): Promise<string> =>
  `${START}\n\n${await renderTable(results)}\n\n${END}`;

/** The text between the markers of `readme`, trimmed; undefined when either marker is missing or misplaced. */
export const blockIn = (readme: string): string | undefined => {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  return start < 0 || end < start ? undefined : readme.slice(start + START.length, end).trim();
};

const main = async (): Promise<void> => {
  if (process.argv.includes('--recompute-rows')) {
    const measured = readResults();
    measured.targets = targetRows(measured);
    measured.comparisons = spawnRows(measured.spawn);
    writeFileSync(RESULTS, `${JSON.stringify(measured, null, 2)}\n`);
  }
  const results = readResults(
    process.argv.includes('--quick-results') ? RESULTS.replace(/\.json$/, '.quick.json') : RESULTS,
  );
  const block = await renderBlock(results);
  if (!process.argv.includes('--write-readme')) {
    process.stdout.write(`${block}\n`);
    return;
  }
  if (results.quick) throw new Error('refusing to put the figures of a --quick run into README.md');
  const readme = readFileSync(README, 'utf8');
  if (blockIn(readme) === undefined) throw new Error(`README.md has no ${START} … ${END} block to replace`);
  const start = readme.indexOf(START);
  writeFileSync(README, readme.slice(0, start) + block + readme.slice(readme.indexOf(END) + END.length));
};

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();

/**
 * Presentation helpers for human output: colours that switch off when stdout is not a terminal (or
 * `NO_COLOR` is set), aligned tables, and indented multi-line values.
 */
import { styleText } from 'node:util';

type Format = Parameters<typeof styleText>[0];

export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

/** Colour functions; each returns its text unchanged when `enabled` is false. */
export const createPaint = (enabled: boolean): Paint => {
  const style = (format: Format) => (text: string) => (enabled ? styleText(format, text) : text);
  return {
    bold: style('bold'),
    dim: style('dim'),
    red: style('red'),
    yellow: style('yellow'),
    green: style('green'),
  };
};

// Escape sequences take no columns on screen, so widths are measured without them.
// eslint-disable-next-line no-control-regex
const visibleLength = (text: string): number => text.replace(/\u001b\[[0-9;]*m/g, '').length;

/** Shortens one table cell to `max` characters (single line). */
export const clip = (text: string, max = 48): string => {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * Aligns `rows` under `headers`, two spaces between columns, each line prefixed with `indent`.
 * Cells may already be coloured; the last column is not padded.
 */
export const formatTable = (
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  paint: Paint,
  indent = '  ',
): string[] => {
  const widths = headers.map((header, column) =>
    Math.max(visibleLength(header), ...rows.map((row) => visibleLength(row[column] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell + ' '.repeat((widths[column] ?? 0) - visibleLength(cell)),
      )
      .join('  ')
      .trimEnd();
  return [paint.dim(line(headers)), ...rows.map(line)];
};

/** `label` padded to `width`, then `value`, with later lines of a multi-line value indented under it. */
export const field = (label: string, value: string, width: number, paint: Paint): string => {
  const pad = ' '.repeat(width + 4);
  const [first = '', ...rest] = value.split('\n');
  return [`  ${paint.bold(label.padEnd(width))}  ${first}`, ...rest.map((line) => pad + line)].join('\n');
};

/** A hook's label: its name, or its whole command line when the name is only the program (exec form). */
export const hookLabel = (name: string, command: string | undefined): string =>
  command !== undefined && command.startsWith(`${name} `) ? command : name;

/**
 * A unified-style line diff for `hookstream import --dry-run`: settings files are a few hundred lines, so a plain
 * longest-common-subsequence table is fast enough and needs no dependency. Unchanged lines are shown only within
 * `context` lines of a change.
 */

/**
 * The lines of a diff from `before` to `after` (`--- a/name`, `+++ b/name`, then ` `, `-`, `+` lines); empty when
 * the texts are equal.
 *
 * @example
 * lineDiff('a\nb\n', 'a\nc\n', 'x.json'); // ['--- a/x.json', '+++ b/x.json', ' a', '-b', '+c']
 */
export const lineDiff = (before: string, after: string, name: string, context = 3): string[] => {
  if (before === after) return [];
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  // lengths[i][j]: longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    const row = lengths[i] as number[];
    const next = lengths[i + 1] as number[];
    for (let j = b.length - 1; j >= 0; j -= 1) {
      row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(` ${a[i] as string}`);
      i += 1;
      j += 1;
    } else if (i < a.length && (j >= b.length || (lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0))) {
      // On a tie the removal comes first, as diff(1) prints it.
      lines.push(`-${a[i] as string}`);
      i += 1;
    } else {
      lines.push(`+${b[j] as string}`);
      j += 1;
    }
  }
  const changed = lines.map((line) => !line.startsWith(' '));
  const near = (at: number) => changed.slice(Math.max(0, at - context), at + context + 1).some(Boolean);
  return [`--- a/${name}`, `+++ b/${name}`, ...lines.filter((_, at) => near(at))];
};

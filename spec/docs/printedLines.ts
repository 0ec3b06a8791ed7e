/** What a documented example printed, as the docs harnesses read it: its lines, and the JSON on its last line. */

/** The example's stdout as lines, the trailing newline dropped. */
export const lines = (stdout: string): string[] => stdout.trimEnd().split('\n');

/** The value the example printed last, as JSON (`null` when it printed nothing). */
export const printed = (stdout: string): unknown => JSON.parse(lines(stdout).at(-1) ?? 'null');

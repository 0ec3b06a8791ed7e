/**
 * The shell reader held to the reader it replaced (spec/inspect/reference, the regex-run version kept as an
 * oracle): on the labelled corpus and on random bash-like and arbitrary text, with the default budget and with
 * budgets small enough to run out anywhere, both return deep-equal lines — ours with every word seen in the
 * reference's `{ parts, at }` shape through `partsOf` — and leave the budget at the same count.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBudget, type ReadBudget } from '../../lib/inspect/readBudget.js';
import { parseShell, type ParsedLine } from '../../lib/inspect/shellParse.js';
import { partsOf, type ParsedWord, type WordPart } from '../../lib/inspect/shellScan.js';
import { loadCorpus } from '../effects/corpusTools.js';
import { parseShell as referenceParse } from './reference/shellParse.js';

/** Tokens the reader treats specially, with the words and programs around them. */
const TOKENS = [
  ...["'", '"', '\\', '\\\n', '$(', '`', '${', '}', '$((', '))', "$'", '$"', '$', '$X', '${X}', '${X:-y}', '$1', '$$'],
  ...['$@', '$?', '$-', '$_a9', '~', '~/x', '*', '?', '[', ']', '[a]', '[[', ']]', '#', '=', 'A=1 ', 'B[2]+=x '],
  ...[';', ';;', ';&', '&&', '||', '|', '|&', '&', '(', ')', '()', '<(', '>(', ' ', '\t', '\n', '\\n', '\\t'],
  ...['<', '>', '>>', '&>', '&>>', '<<<', '<>', '<&', '>&', '>|', '2>', '2>&1', '>&-', '3<', '10>', '<<EOF\n'],
  ...['<<-X ', "<<'E'\n", '\nEOF\n', '\n\tX\n', 'EOF', '\r', '\u00a0', '\u00e9', '\ud83d\ude00', '\u0000', '\\x'],
  ...['bash -c ', 'sh -lc ', 'eval ', 'sudo ', 'env -S ', 'timeout 5 ', 'xargs ', 'rm ', 'x', 'a.txt', '-rf '],
  ...['if ', 'then ', 'fi', 'for x in ', 'do ', 'done', 'while ', 'case ', 'esac', 'function f ', 'f() ', '{ '],
  ...[' }', '!', 'coproc ', 'select ', 'time ', 'cd ', '123', '"a b"', "'c d'", '\\ ', '\\"', "\\'", '\\$', '\\`'],
];
const bashLike = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  bashLike,
  bashLike,
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: fc.constantFrom(...'ab $"\'\\`(){}[]<>|&;#=*?~\n\t-0'), maxLength: 80 }),
);

/**
 * A word in the reference's shape, `{ parts, at }`, through `partsOf` (a plain word has no parts of its own);
 * its `text` and `known` are checked against those parts, and a word with no parts must be exactly one
 * unquoted literal (every such word is plain).
 */
const referenceWord = (word: ParsedWord): { parts: readonly WordPart[]; at: number } => {
  const parts = partsOf(word);
  const written = parts.map((part) => (part.kind === 'literal' || part.kind === 'glob' ? part.text : part.raw));
  expect(word.text).toBe(written.join(''));
  expect(word.known).toBe(parts.every((part) => part.kind === 'literal'));
  const [first] = parts;
  expect(word.parts === undefined).toBe(parts.length === 1 && first?.kind === 'literal' && !first.quoted);
  return { parts, at: word.at };
};

/** A line read by parseShell in the reference's shape: every word through `referenceWord`, the rest as it is. */
const referenceLine = (line: ParsedLine): unknown => {
  const commands = line.commands.map((command) => ({
    ...command,
    reserved: command.reserved.map(referenceWord),
    assignments: command.assignments.map(referenceWord),
    words: command.words.map(referenceWord),
    targets: command.targets.map(referenceWord),
    redirections: command.redirections.map((redirection) => ({
      op: redirection.op,
      target: referenceWord(redirection.target),
    })),
  }));
  const shaped: Record<string, unknown> = { ...line, commands };
  if (line.partial !== undefined) shaped['partial'] = line.partial.map(referenceWord);
  return shaped;
};

const bothRead = (text: string, budget: () => ReadBudget): void => {
  const ours = budget();
  const theirs = budget();
  expect(referenceLine(parseShell(text, ours))).toEqual(referenceParse(text, theirs));
  expect(ours).toEqual(theirs);
};

describe('parseShell against the reader it replaced', () => {
  const corpus = loadCorpus('commands.jsonl').map((row) => row.text);

  it('reads every corpus command alike, with the default budget and with every small one', () => {
    for (const text of corpus) {
      bothRead(text, () => readBudget());
      for (let steps = 0; steps < text.length + 4; steps += 3) bothRead(text, () => readBudget(steps, 3));
    }
  });

  it('reads random text alike', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        bothRead(text, () => readBudget());
      }),
      { numRuns: 3000 },
    );
  });

  it('runs out of budget at the same place', () => {
    fc.assert(
      fc.property(bashLike, fc.nat(300), fc.nat(30), (text, steps, words) => {
        bothRead(text, () => readBudget(steps, words));
      }),
      { numRuns: 2000 },
    );
  });
});

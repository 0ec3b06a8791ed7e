/** The one option parser behind wrappers and interpreters: where options end, and what their values are. */
import { describe, expect, it } from 'vitest';
import { parseArgs, type Grammar, type Word } from '../../lib/inspect/argv.js';

const words = (line: string): Word[] =>
  line === '' ? [] : line.split(' ').map((text, index) => ({ text, field: `/args/${index}` }));
const texts = (list: readonly Word[]) => list.map((word) => word.text);

const SHELLISH: Grammar = {
  valued: ['-o'],
  codeFlag: '-c',
  stdinFlag: '-s',
  noRun: ['-n'],
  clusters: true,
  plus: true,
  closed: true,
};
const PYTHONISH: Grammar = {
  valued: ['-c', '-m', '-W'],
  code: ['-c'],
  packages: ['-m'],
  ends: ['-c', '-m'],
  clusters: true,
  closed: true,
};
const NODEISH: Grammar = {
  valued: ['-r', '--require', '-e'],
  modules: ['-r', '--require'],
  code: ['-e'],
  flagPrefixes: ['--no-'],
};

describe('parseArgs', () => {
  it('finds the first operand after clusters, valued options and +o', () => {
    expect(parseArgs(words('-eu -o pipefail +o posix x.sh a'), SHELLISH).operand).toBe(5);
    expect(parseArgs(words('-opipefail x.sh'), SHELLISH).operand).toBe(1);
    expect(parseArgs(words('-- -x.sh'), SHELLISH).operand).toBe(1);
    expect(parseArgs(words('- a'), SHELLISH)).toMatchObject({ operand: 0 });
  });

  it('reports code flags, stdin flags and options after which nothing runs', () => {
    expect(parseArgs(words('-ec code'), SHELLISH)).toMatchObject({ codeOperand: true, operand: 1 });
    expect(parseArgs(words('-s'), SHELLISH)).toMatchObject({ stdin: true, operand: 1 });
    expect(parseArgs(words('-n x.sh'), SHELLISH).noRun).toBe(true);
  });

  it('takes values from the next word, the rest of a cluster, or =value, and stops where the grammar ends', () => {
    const parsed = parseArgs(words('-uWignore -c print(1) x.py'), PYTHONISH);
    expect(texts(parsed.code)).toEqual(['print(1)']);
    expect(parsed.operand).toBe(3);
    expect(texts(parseArgs(words('-m pkg.mod --flag'), PYTHONISH).packages)).toEqual(['pkg.mod']);
    const node = parseArgs(words('--require=./a.cjs -r ./b.cjs --no-warnings x.mjs'), NODEISH);
    expect(texts(node.modules)).toEqual(['./a.cjs', './b.cjs']);
    expect(node.modules[0]?.field).toBe('/args/0');
    expect(node.operand).toBe(4);
    expect(node.unknownOption).toBeUndefined();
  });

  it('marks an unknown option in an open grammar, never in a closed one', () => {
    expect(parseArgs(words('--weird value x.mjs'), NODEISH)).toMatchObject({ unknownOption: '--weird', operand: 1 });
    expect(parseArgs(words('--weird x.sh'), SHELLISH).unknownOption).toBeUndefined();
  });

  it('stops at a word only a running shell could tell', () => {
    const parsed = parseArgs(
      [
        { text: '-e', field: '' },
        { text: undefined, field: '/command' },
      ],
      SHELLISH,
    );
    expect(parsed).toMatchObject({ unknownWord: true, operand: 1 });
  });

  it('lists every option with its value, in order', () => {
    expect(parseArgs(words('-o a -e x'), SHELLISH).options.map((option) => [option.name, option.value?.text])).toEqual([
      ['-o', 'a'],
      ['-e', undefined],
    ]);
  });
});

/**
 * A small shell-command splitter for policy checks: pipelines of simple commands, each a list of words
 * with quotes and backslashes resolved. It does not evaluate anything (no expansion, no globbing);
 * `$(…)`, backticks and parentheses start new commands so substituted commands are seen too.
 */

const WRAPPERS = new Set(['sudo', 'doas', 'command', 'exec', 'nohup', 'time', 'nice', 'env', 'builtin']);
const WRAPPER_ARG_OPTIONS = new Set(['-u', '-g', '-n', '-C', '-D', '-h', '-p', '-r', '-t']);

/**
 * Splits `text` into pipelines; each pipeline is a list of commands, each command a list of words.
 * `a | b && c` → [[[a], [b]], [[c]]].
 */
export function splitCommandLine(text) {
  const pipelines = [];
  let pipeline = [];
  let command = [];
  let word;
  let quote;
  const endWord = () => {
    if (word !== undefined) command.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (command.length > 0) pipeline.push(command);
    command = [];
  };
  const endPipeline = () => {
    endCommand();
    if (pipeline.length > 0) pipelines.push(pipeline);
    pipeline = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    const next = text[i + 1];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && next !== undefined && '"\\$`'.includes(next)) ((word += next), (i += 1));
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && next !== undefined) {
      if (next !== '\n') word = (word ?? '') + next;
      i += 1;
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else if (c === '|' && next !== '|') {
      endCommand();
      if (next === '&') i += 1;
    } else if (c === ';' || c === '\n' || c === '&' || c === '|' || c === '(' || c === ')' || c === '`') {
      if ((c === '&' || c === '|') && next === c) i += 1;
      endPipeline();
    } else if (c === '$' && next === '(') {
      endPipeline();
      i += 1;
    } else if (c === '#' && word === undefined) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i += 1;
    } else {
      word = (word ?? '') + c;
    }
  }
  endPipeline();
  return pipelines;
}

/** The command name: the last path segment of the first word. */
export const commandName = (words) => (words[0] ?? '').split('/').pop() ?? '';

/** Drops `VAR=value` prefixes and wrappers (`sudo -u x`, `env A=1`, `nohup`, …) in front of the real command. */
export function unwrap(words) {
  let rest = words;
  for (;;) {
    while (rest.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0])) rest = rest.slice(1);
    if (rest.length === 0 || !WRAPPERS.has(commandName(rest))) return rest;
    rest = rest.slice(1);
    while (rest.length > 0 && rest[0].startsWith('-')) rest = rest.slice(WRAPPER_ARG_OPTIONS.has(rest[0]) ? 2 : 1);
  }
}

/** Shells that run a `-c` string: its text is checked as a command line of its own. */
export const SHELLS = Object.freeze(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);

/** Every pipeline of `text`, including those inside `sh -c '…'` strings (to a small depth). */
export function allPipelines(text, depth = 0) {
  const pipelines = splitCommandLine(text).map((pipeline) => pipeline.map(unwrap).filter((words) => words.length > 0));
  if (depth >= 3) return pipelines;
  const nested = [];
  for (const pipeline of pipelines) {
    for (const words of pipeline) {
      if (!SHELLS.includes(commandName(words))) continue;
      const flag = words.findIndex((word, index) => index > 0 && /^-[a-z]*c[a-z]*$/.test(word));
      if (flag > 0 && words[flag + 1] !== undefined) nested.push(...allPipelines(words[flag + 1], depth + 1));
    }
  }
  return [...pipelines, ...nested];
}

/**
 * Claude Code's per-hook `if` condition: one permission rule (`Tool`, `Tool(specifier)`) tested against the
 * tool name and `tool_input` before the hook is spawned. `Bash(…)` is tested against every program the Bash
 * input runs, as lib/inspect/readCommand.ts reads it — looking through programs with the trust walk's own
 * rules and tables (lib/inspect/lookThrough.ts): each simple command (`npm test && git push`, `$(…)`,
 * backticks, subshells) after leading `NAME=value` assignments, what wrappers such as `sudo`, `timeout 5` or
 * `env X=1` run, the code of `bash -c` / `sh -c` / `bash -lc` and `eval`, and a program named by its path
 * (`/bin/rm` is `rm`); `Read(…)`, `Edit(…)` and `Write(…)` take gitignore-style path patterns.
 *
 * Every doubt runs the hook — a condition never fails open: a command the reader cannot read (an unclosed
 * quote, `bash -c "$X"`, `eval "$X"`, a shell reading stdin, a spent budget), an expansion where the rule
 * needs the arguments (`Bash(git push *)` against `echo $(date)`), a program name only the shell knows
 * (`$CMD x`), a tool whose specifier this module cannot read, or an `if` that is not a permission rule.
 */
import { readCommand, type ProgramRun } from '../inspect/readCommand.js';
import type { ShellWord } from '../inspect/simpleCommands.js';
import { compileWildcard, matchesPathRule, parsePathRule, type PathContext } from './pathPattern.js';

/** What a condition is tested against: the tool call and the directories its rules are relative to. */
export interface IfContext extends PathContext {
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
}

export interface IfCondition {
  /** The rule as written. */
  readonly rule: string;
  /** Whether the hook runs for this tool call. */
  test(context: IfContext): boolean;
}

export interface CompiledIf {
  condition: IfCondition;
  /** Set when the rule could not be read: the condition then always holds. */
  problem?: string;
}

/** Tools whose input a `Read`/`Edit`/`Write` path rule applies to; `Edit` covers every file-editing tool. */
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);
const TOOL_ALIASES: Readonly<Record<string, string>> = { Task: 'Agent', Agent: 'Task' };
const PATH_TOOLS = new Set(['Read', ...EDIT_TOOLS]);

/** A `Bash(…)` specifier: the command name alone (`git *`, `rm:*`), or a pattern over the whole command. */
type BashPattern =
  | { kind: 'name'; name: string; prefix: boolean }
  | { kind: 'command'; pattern: string; prefix: boolean; matches: (text: string) => boolean };

const bashPattern = (specifier: string): BashPattern => {
  const prefix = specifier.endsWith(':*');
  const body = prefix ? specifier.slice(0, -2) : specifier;
  const name = prefix ? body : /^(\S+) \*$/.exec(body)?.[1];
  if (name !== undefined && !/[\s*]/.test(name)) return { kind: 'name', name, prefix };
  return { kind: 'command', pattern: body, prefix, matches: compileWildcard(body) };
};

/** Static command text against a whole-command pattern; a trailing ` *` also accepts the bare prefix. */
const commandMatches = (pattern: BashPattern & { kind: 'command' }, text: string): boolean => {
  if (pattern.prefix) return text.startsWith(pattern.pattern);
  if (pattern.pattern.endsWith(' *') && text === pattern.pattern.slice(0, -2)) return true;
  return pattern.matches(text);
};

/** Whether one candidate word list (a simple command, wrappers in or out) matches. */
const candidateMatches = (pattern: BashPattern, words: readonly ShellWord[]): boolean => {
  const program = words[0];
  if (program === undefined) return false;
  // The shell decides the program: it may be anything.
  if (program.dynamic) return true;
  if (pattern.kind === 'name') {
    return pattern.prefix ? program.text.startsWith(pattern.name) : program.text === pattern.name;
  }
  // The rule needs the arguments and the shell decides one of them.
  if (words.some((word) => word.dynamic)) return true;
  return commandMatches(pattern, words.map((word) => word.text).join(' '));
};

/** Whether one program the command runs matches: as written, or named without its directory (`/bin/rm x` as `rm x`). */
const programMatches = (pattern: BashPattern, program: ProgramRun): boolean => {
  // The shell decides the program: it may be anything.
  if (program.name === undefined) return true;
  if (candidateMatches(pattern, program.words)) return true;
  const [written, ...args] = program.words;
  if (written === undefined || written.text === program.name) return false;
  return candidateMatches(pattern, [{ text: program.name, dynamic: false }, ...args]);
};

const bashMatches = (pattern: BashPattern, command: string): boolean => {
  const reading = readCommand(command);
  // A command that cannot be read may run anything: the hook runs.
  if (!reading.ok) return true;
  return reading.programs.some((program) => programMatches(pattern, program));
};

/** Which tool names a rule's tool part covers, read once. */
const toolMatcher = (ruleTool: string): ((toolName: string) => boolean) => {
  const wildcard = ruleTool.includes('*') ? compileWildcard(ruleTool) : undefined;
  // `mcp__server` names every tool of that server.
  const server = /^mcp__[^_]+(?:_[^_]+)*$/.test(ruleTool) ? `${ruleTool}__` : undefined;
  return (toolName) =>
    ruleTool === toolName ||
    TOOL_ALIASES[ruleTool] === toolName ||
    (ruleTool === 'Edit' && EDIT_TOOLS.has(toolName)) ||
    (wildcard?.(toolName) ?? false) ||
    (server !== undefined && toolName.startsWith(server));
};

const stringField = (input: Readonly<Record<string, unknown>>, ...names: string[]): string | undefined => {
  for (const name of names) if (typeof input[name] === 'string') return input[name];
  return undefined;
};

/** The lower-case host of a URL, or undefined when it is not one (`URL.parse` needs Node 22). */
const hostOf = (url: string | undefined): string | undefined => {
  try {
    return url === undefined ? undefined : new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};

/** The test of a specifier for a tool, or `undefined` when this module cannot read it (the hook then runs). */
const specifierTest = (tool: string, specifier: string): ((context: IfContext) => boolean) | undefined => {
  if (tool === 'Bash') {
    const pattern = bashPattern(specifier);
    return ({ toolInput }) => {
      const command = stringField(toolInput, 'command');
      return command === undefined || bashMatches(pattern, command);
    };
  }
  if (PATH_TOOLS.has(tool)) {
    const rule = parsePathRule(specifier);
    return (context) => {
      const file = stringField(context.toolInput, 'file_path', 'notebook_path', 'path');
      return file === undefined || matchesPathRule(rule, file, context);
    };
  }
  if (tool === 'WebFetch' && specifier.startsWith('domain:')) {
    const domain = specifier.slice('domain:'.length).toLowerCase();
    return ({ toolInput }) => {
      const host = hostOf(stringField(toolInput, 'url'));
      return host === undefined || host === domain || host.endsWith(`.${domain}`);
    };
  }
  const field = tool === 'WebSearch' ? 'query' : tool === 'Agent' || tool === 'Task' ? 'subagent_type' : undefined;
  if (field === undefined) return undefined;
  const matches = compileWildcard(specifier);
  return ({ toolInput }) => {
    const value = stringField(toolInput, field);
    return value === undefined || matches(value);
  };
};

const always = (rule: string): IfCondition => ({ rule, test: () => true });

/**
 * Compiles an `if` rule once, at load.
 *
 * @example
 * const { condition } = compileIfCondition('Bash(git push *)');
 * condition.test({ toolName: 'Bash', toolInput: { command: 'npm test && git push origin' }, cwd, projectDir, home }); // true
 * @return The condition, and a problem to report when the rule is not a permission rule (it then always holds).
 */
export const compileIfCondition = (rule: string): CompiledIf => {
  const parsed = /^([^()\s]+)(?:\(([\s\S]*)\))?$/.exec(rule.trim());
  if (parsed === null) {
    return {
      condition: always(rule),
      problem: `"if" ${JSON.stringify(rule)} is not a permission rule such as "Bash(git push *)" or "Edit(*.ts)"; the hook runs on every call`,
    };
  }
  const tool = parsed[1] as string;
  const specifier = parsed[2]?.trim();
  const ofSpecifier = specifier === undefined || specifier === '' || specifier === '*' ? undefined : specifier;
  const toolMatches = toolMatcher(tool);
  const test = ofSpecifier === undefined ? undefined : specifierTest(tool === 'Task' ? 'Agent' : tool, ofSpecifier);
  return {
    condition: {
      rule,
      test: (context) =>
        toolMatches(context.toolName) && (ofSpecifier === undefined || test === undefined || test(context)),
    },
  };
};

import { describe, expect, it } from 'vitest';
import { compileIfCondition, type IfContext } from '../../lib/plan/ifCondition.js';

const where = { cwd: '/repo', projectDir: '/repo', home: '/home/u' };
const bash = (command: unknown): IfContext => ({ ...where, toolName: 'Bash', toolInput: { command } });
const tool = (toolName: string, toolInput: Record<string, unknown> = {}): IfContext => ({
  ...where,
  toolName,
  toolInput,
});
const runs = (rule: string, context: IfContext): boolean => {
  const { condition, problem } = compileIfCondition(rule);
  expect(problem).toBeUndefined();
  return condition.test(context);
};

describe('compileIfCondition: the documented Bash table', () => {
  it.each([
    ['Bash(git *)', 'FOO=bar git push', true],
    ['Bash(git *)', 'npm test && git push', true],
    ['Bash(rm *)', 'echo $(rm -rf /)', true],
    ['Bash(rm *)', 'echo $(date)', false],
    ['Bash(git push *)', 'echo $(date)', true],
  ])('%s against %j runs the hook: %s', (rule, command, expected) => {
    expect(runs(rule, bash(command))).toBe(expected);
  });
});

describe('compileIfCondition: Bash rules', () => {
  it.each([
    // Word boundary: `git *` is git and its subcommands, not gitk.
    ['Bash(git *)', 'git', true],
    ['Bash(git *)', 'gitk --all', false],
    ['Bash(ls*)', 'lsof -i', true],
    // Exact command.
    ['Bash(npm run build)', 'npm run build', true],
    ['Bash(npm run build)', 'npm run build:dev', false],
    // Legacy `:*` is a prefix of the command.
    ['Bash(git commit:*)', 'git commit -m "x y"', true],
    ['Bash(git commit:*)', 'git status', false],
    ['Bash(npm run test:*)', 'npm run test:unit', true],
    ['Bash(rm:*)', 'rmdir build', true],
    // Wildcards in the middle and at the front.
    ['Bash(git * main)', 'git checkout main', true],
    ['Bash(* --version)', 'node --version', true],
    ['Bash(* --version)', 'node --help', false],
    // Any part of a compound command, subshells, groups, backticks, process substitution.
    ['Bash(git push *)', 'cd repo && (git push origin main)', true],
    ['Bash(git push *)', '{ git push -f; }', true],
    ['Bash(rm *)', 'ls `rm -rf x`', true],
    ['Bash(rm *)', 'diff <(rm x) y', true],
    ['Bash(rm *)', 'if true; then rm -rf x; fi', true],
    ['Bash(rm *)', 'echo rm', false],
    ['Bash(rm *)', "echo 'rm -rf /'", false],
    // Wrappers and assignments before the program.
    ['Bash(rm *)', 'sudo -u root rm -rf /', true],
    ['Bash(rm *)', 'timeout 5 rm -rf x', true],
    ['Bash(rm *)', 'env A=1 B=2 rm x', true],
    ['Bash(rm *)', 'nice -n 5 nohup rm x', true],
    ['Bash(git push *)', 'timeout -s KILL 10 git push origin', true],
    ['Bash(rm *)', 'find . -name x | xargs -I {} rm {}', true],
    // Quoting is removed before matching.
    ['Bash(git commit *)', 'git \'commit\' -m "a b"', true],
  ])('%s against %j runs the hook: %s', (rule, command, expected) => {
    expect(runs(rule, bash(command))).toBe(expected);
  });

  it('runs the hook when the shell alone knows the program or a needed argument', () => {
    expect(runs('Bash(rm *)', bash('$CMD -rf x'))).toBe(true);
    expect(runs('Bash(rm *)', bash('sudo $TOOL x'))).toBe(true);
    expect(runs('Bash(git push *)', bash('git push "$REMOTE"'))).toBe(true);
    expect(runs('Bash(git push *)', bash('ls $HOME'))).toBe(true);
    // A name-only rule needs only the program, which is known here.
    expect(runs('Bash(rm *)', bash('ls $HOME'))).toBe(false);
  });

  it('runs the hook when the command cannot be parsed (never fails open)', () => {
    expect(runs('Bash(rm *)', bash('echo "unclosed'))).toBe(true);
    expect(runs('Bash(rm *)', bash('case $x in a) ls;; esac'))).toBe(true);
  });

  it('runs the hook when the input has no command string', () => {
    expect(runs('Bash(rm *)', bash(undefined))).toBe(true);
    expect(runs('Bash(rm *)', bash(42))).toBe(true);
  });

  it('does not run the hook for another tool', () => {
    expect(runs('Bash(rm *)', tool('Write', { file_path: '/repo/rm' }))).toBe(false);
    expect(runs('Bash', tool('BashOutput'))).toBe(false);
  });
});

describe('compileIfCondition: the reader the trust inspector shares', () => {
  // Every way a command line runs `rm` that the trust walk follows: shells' -c code, eval, wrappers,
  // program paths and every simple command of a compound command.
  it.each([
    'bash -c "rm -rf x"',
    "sh -c 'rm x'",
    'bash -lc "rm x"',
    'bash -e -c "rm x"',
    'zsh -c "rm x"',
    'dash -c "rm x"',
    '/bin/bash -c "cd /tmp && rm x"',
    'eval "rm x"',
    'eval rm x',
    '/bin/rm x',
    '/usr/bin/rm -rf x',
    './rm x',
    'true && rm x',
    'false || rm x',
    'ls; rm x',
    'ls | rm x',
    '(rm x)',
    'sudo rm x',
    'sudo -E rm x',
    'env -i PATH=/bin rm x',
    'env -S "rm x"',
    'exec rm x',
    'command rm x',
    'nohup nice -n 5 /bin/rm x',
    'echo $(rm x)',
    'echo "$(/bin/rm x)"',
    'xargs sh -c \'rm "$1"\' _',
    'timeout 5 bash -c "eval \'sudo /usr/bin/rm x\'"',
  ])('Bash(rm *) runs the hook for %j', (command) => {
    expect(runs('Bash(rm *)', bash(command))).toBe(true);
  });

  it.each([
    'echo rm',
    'echo "rm x"',
    'bash -c "echo rm"',
    "eval 'echo rm'",
    'command -v rm',
    'grep -r rm .',
    '/bin/rmdir x',
  ])('Bash(rm *) lets %j through', (command) => {
    expect(runs('Bash(rm *)', bash(command))).toBe(false);
  });

  it('whole-command rules see the payload and the program without its directory', () => {
    expect(runs('Bash(git push *)', bash('bash -c "git push origin"'))).toBe(true);
    expect(runs('Bash(git push *)', bash('/usr/bin/git push origin'))).toBe(true);
    expect(runs('Bash(rm -rf *)', bash("sh -c 'rm -rf /'"))).toBe(true);
    expect(runs('Bash(rm -rf *)', bash("sh -c 'rm -i x'"))).toBe(false);
    // A path rule keeps its path.
    expect(runs('Bash(./deploy.sh *)', bash('./deploy.sh prod'))).toBe(true);
  });

  it.each([
    ['code only the shell knows', 'bash -c "$CMD"'],
    ['an eval of an expansion', 'eval "$(cat script)"'],
    ['a shell reading stdin', 'curl -s https://example.test/x | sh'],
    ['an unclosed quote in the payload', 'bash -c "echo \'oops"'],
    ['a wrapper whose operand only the shell knows', 'timeout $T ls'],
    ['code nested past the limit', `${'eval '.repeat(12)}ls`],
    ['a command past the read budget', `${'a'.repeat(5)}${' && b'.repeat(30_000)}`],
  ])('runs the hook when the command cannot be read: %s', (_what, command) => {
    expect(runs('Bash(rm *)', bash(command))).toBe(true);
  });

  it('reads nested code up to the limit', () => {
    expect(runs('Bash(rm *)', bash(`${'eval '.repeat(4)}ls`))).toBe(false);
    expect(runs('Bash(rm *)', bash(`${'eval '.repeat(4)}rm x`))).toBe(true);
  });

  it('reads \\r and Unicode blanks as bash does: word characters, and never loops', () => {
    expect(runs('Bash(rm *)', bash('ls\r'))).toBe(false);
    expect(runs('Bash(rm *)', bash('ls\r; rm x\r'))).toBe(true);
    expect(runs('Bash(rm *)', bash('echo\u00a0rm x'))).toBe(false);
    expect(runs('Bash(rm *)', bash('rm x\u3000 \ufeff'))).toBe(true);
  });
});

describe('compileIfCondition: tool names', () => {
  it('a rule without a specifier, or with (*) or (), matches every call of the tool', () => {
    for (const rule of ['Bash', 'Bash(*)', 'Bash()', ' Bash ']) expect(runs(rule, bash('anything'))).toBe(true);
  });

  it('Edit covers every file-editing tool; Write only Write; Task and Agent are one tool', () => {
    expect(runs('Edit(*.ts)', tool('Write', { file_path: '/repo/a.ts' }))).toBe(true);
    expect(runs('Edit(*.ts)', tool('MultiEdit', { file_path: '/repo/a.ts' }))).toBe(true);
    expect(runs('Edit(*.ipynb)', tool('NotebookEdit', { notebook_path: '/repo/n.ipynb' }))).toBe(true);
    expect(runs('Write(*.ts)', tool('Edit', { file_path: '/repo/a.ts' }))).toBe(false);
    expect(runs('Task(Explore)', tool('Agent', { subagent_type: 'Explore' }))).toBe(true);
    expect(runs('Agent(Explore)', tool('Task', { subagent_type: 'Plan' }))).toBe(false);
  });

  it('MCP rules: a server name covers its tools; a full name or a wildcard names tools', () => {
    expect(runs('mcp__github', tool('mcp__github__search'))).toBe(true);
    expect(runs('mcp__github', tool('mcp__githubx__search'))).toBe(false);
    expect(runs('mcp__github__search', tool('mcp__github__search'))).toBe(true);
    expect(runs('mcp__github__search', tool('mcp__github__search_all'))).toBe(false);
    expect(runs('mcp__github__*', tool('mcp__github__create_issue'))).toBe(true);
    expect(runs('mcp__plugin_my-plugin_db', tool('mcp__plugin_my-plugin_db__query'))).toBe(true);
  });
});

describe('compileIfCondition: path, web and agent rules', () => {
  it('Write(.env*) guards env files at any depth and lets other writes through', () => {
    expect(runs('Write(.env*)', tool('Write', { file_path: '/repo/.env' }))).toBe(true);
    expect(runs('Write(.env*)', tool('Write', { file_path: '/repo/config/.env.production' }))).toBe(true);
    expect(runs('Write(.env*)', tool('Write', { file_path: '/repo/src/index.ts' }))).toBe(false);
  });

  it('Read rules read file_path; a missing path runs the hook', () => {
    expect(runs('Read(//etc/**)', tool('Read', { file_path: '/etc/hosts' }))).toBe(true);
    expect(runs('Read(//etc/**)', tool('Read', { file_path: '/repo/etc/hosts' }))).toBe(false);
    expect(runs('Read(//etc/**)', tool('Read', {}))).toBe(true);
  });

  it('WebFetch(domain:…) matches the host and its subdomains', () => {
    expect(runs('WebFetch(domain:example.com)', tool('WebFetch', { url: 'https://docs.example.com/x' }))).toBe(true);
    expect(runs('WebFetch(domain:example.com)', tool('WebFetch', { url: 'https://example.org/' }))).toBe(false);
    expect(runs('WebFetch(domain:example.com)', tool('WebFetch', { url: 'not a url' }))).toBe(true);
  });

  it('WebSearch and Agent specifiers are wildcards over the query and the subagent type', () => {
    expect(runs('WebSearch(*secret*)', tool('WebSearch', { query: 'a secret key' }))).toBe(true);
    expect(runs('WebSearch(*secret*)', tool('WebSearch', { query: 'weather' }))).toBe(false);
    expect(runs('Agent(code-*)', tool('Agent', { subagent_type: 'code-reviewer' }))).toBe(true);
  });

  it('runs the hook for a specifier it cannot read', () => {
    expect(runs('Skill(deploy *)', tool('Skill', { skill: 'other' }))).toBe(true);
    expect(runs('mcp__db__query(select *)', tool('mcp__db__query', { sql: 'drop table' }))).toBe(true);
  });
});

describe('compileIfCondition: rules it cannot read', () => {
  it.each(['', 'Bash(git *', 'Bash (x)', 'a b', 'Bash(x)y'])('reports %j and runs the hook on every call', (rule) => {
    const { condition, problem } = compileIfCondition(rule);
    expect(problem).toContain('is not a permission rule');
    expect(condition.test(bash('ls'))).toBe(true);
    expect(condition.test(tool('Write'))).toBe(true);
  });

  it('keeps the rule as written', () => {
    expect(compileIfCondition('Bash(git *)').condition.rule).toBe('Bash(git *)');
  });
});

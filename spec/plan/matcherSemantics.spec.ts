import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDialectMatcher, matchTargetValue, type MatcherKind } from '../../lib/plan/matcherSemantics.js';

const test = (pattern: string, kind: MatcherKind, target: string) =>
  compileDialectMatcher(pattern, kind).matcher.test(target);

describe('compileDialectMatcher', () => {
  it('matches everything for "", "*" and an omitted-looking blank, in every kind', () => {
    for (const kind of ['regex', 'exact', 'claude', 'claude-narrow'] as const) {
      for (const pattern of ['', '*']) {
        const { matcher, problem } = compileDialectMatcher(pattern, kind);
        expect(problem).toBeUndefined();
        expect(matcher.test('anything')).toBe(true);
      }
    }
  });

  it('claude: letters, digits and _ are one exact name (Bash does not fire for BashOutput)', () => {
    expect(test('Bash', 'claude', 'Bash')).toBe(true);
    expect(test('Bash', 'claude', 'BashOutput')).toBe(false);
    expect(test('Bash', 'regex', 'BashOutput')).toBe(true);
  });

  it('claude: | and , separate a list of exact names, blanks around them ignored', () => {
    for (const pattern of ['Read|Edit|Write|Bash', 'Read, Edit,Write , Bash', ' Read | Edit|Write|Bash ']) {
      expect(test(pattern, 'claude', 'Write')).toBe(true);
      expect(test(pattern, 'claude', 'TodoWrite')).toBe(false);
      expect(test(pattern, 'claude', 'MultiEdit')).toBe(false);
    }
  });

  it('claude: hyphenated names are exact, so a bare MCP server prefix matches no tool', () => {
    expect(test('code-reviewer', 'claude', 'code-reviewer')).toBe(true);
    expect(test('code-reviewer', 'claude', 'senior-code-reviewer')).toBe(false);
    expect(test('mcp__memory', 'claude', 'mcp__memory__create_entities')).toBe(false);
    expect(test('mcp__brave-search', 'claude', 'mcp__brave-search__web')).toBe(false);
  });

  it('claude: any other character makes an unanchored regular expression', () => {
    expect(test('mcp__memory__.*', 'claude', 'mcp__memory__create_entities')).toBe(true);
    expect(test('mcp__.*__write.*', 'claude', 'mcp__fs__write_file')).toBe(true);
    expect(test('Edit.*', 'claude', 'NotebookEdit')).toBe(true);
    expect(test('^Notebook', 'claude', 'NotebookEdit')).toBe(true);
    expect(test('^Edit$', 'claude', 'MultiEdit')).toBe(false);
    expect(test('^my-plugin:reviewer$', 'claude', 'my-plugin:reviewer')).toBe(true);
  });

  it('filenames: literal names split on |, never a regular expression', () => {
    expect(test('.envrc|.env', 'filenames', '.env')).toBe(true);
    expect(test('.envrc|.env', 'filenames', '.envrc')).toBe(true);
    expect(test('.envrc|.env', 'filenames', '.env.local')).toBe(false);
    expect(test('.env*', 'filenames', '.env.local')).toBe(false);
    expect(test('.env*', 'filenames', '.env*')).toBe(true);
  });

  it('claude-narrow: a hyphen, space or comma keeps the pattern a regular expression, and only | separates', () => {
    expect(test('.envrc|.env', 'claude-narrow', '.env')).toBe(true);
    expect(test('rate_limit|server_error', 'claude-narrow', 'server_error')).toBe(true);
    expect(test('rate_limit|server_error', 'claude-narrow', 'rate_limit_x')).toBe(false);
    // On the regular-expression path, `a-b` is searched anywhere.
    expect(test('a-b', 'claude-narrow', 'xa-by')).toBe(true);
    expect(test('a-b', 'claude', 'xa-by')).toBe(false);
  });

  it('exact (Gemini lifecycle events): the trimmed text is the only value that matches', () => {
    expect(test('startup', 'exact', 'startup')).toBe(true);
    expect(test(' startup ', 'exact', 'startup')).toBe(true);
    expect(test('start', 'exact', 'startup')).toBe(false);
    expect(test('startup|resume', 'exact', 'resume')).toBe(false);
  });

  it('regex keeps hookstream’s rule, including its linear-time engine', () => {
    expect(test('(a+)+$', 'regex', `${'a'.repeat(40)}!`)).toBe(false);
    expect(test('(a+)+$', 'claude', `${'a'.repeat(40)}!`)).toBe(false);
  });

  it('reports a list that names nothing and runs the hooks rather than dropping them', () => {
    const { matcher, problem } = compileDialectMatcher(' | , ', 'claude');
    expect(problem).toBe('matcher " | , " names nothing; it matches everything');
    expect(matcher.test('Bash')).toBe(true);
  });

  it('keeps the pattern as written', () => {
    expect(compileDialectMatcher('Edit, Write', 'claude').matcher.pattern).toBe('Edit, Write');
  });

  it('law: a claude name list matches exactly its members', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
        name,
        fc.constantFrom('|', ',', ' | ', ', '),
        (names, probe, separator) => {
          const { matcher } = compileDialectMatcher(names.join(separator), 'claude');
          for (const member of names) expect(matcher.test(member)).toBe(true);
          expect(matcher.test(probe)).toBe(names.includes(probe));
        },
      ),
    );
  });
});

describe('matchTargetValue', () => {
  it('reads the target field, or the last path segment of it', () => {
    expect(matchTargetValue({ matchTarget: 'tool_name' }, { tool_name: 'Bash' })).toBe('Bash');
    expect(matchTargetValue({ matchTarget: 'file_path', matchBasename: true }, { file_path: '/repo/sub/.envrc' })).toBe(
      '.envrc',
    );
  });

  it('has no value for an event without a target or a field that is not a string', () => {
    expect(matchTargetValue({}, { tool_name: 'Bash' })).toBeUndefined();
    expect(matchTargetValue({ matchTarget: 'source' }, { source: 3 })).toBeUndefined();
  });
});

/** createEntry: one key format, one matcher rule and one shape for settings, `register`, the kit and specs. */
import { describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/index.js';
import { InvalidHookError, UnknownEventError } from '../../lib/core/errors.js';
import type { CommandHookConfig, FunctionHook, Matcher } from '../../lib/model/types.js';
import { commandKey, createEntry, entryMatcher, functionKey, hookKey, withId } from '../../lib/plan/createEntry.js';
import { compileMatcher } from '../../lib/plan/matcher.js';
import { runtimeEntry } from '../../lib/system/registration.js';
import { beforeTool, entry, functionHook, planFor } from '../../lib/testing/index.js';

const allowAll = (): undefined => undefined;
const guard = functionHook('guard', allowAll);

describe('createEntry', () => {
  it('builds a command entry: key by command, name from the hook or the command, runtime source', () => {
    const { entry: built, problems } = createEntry('BeforeTool', { type: 'command', command: './lint.sh' });
    expect(problems).toEqual([]);
    expect(built).toEqual({
      event: 'BeforeTool',
      definition: { type: 'command', command: './lint.sh' },
      origin: { source: 'runtime' },
      sequential: false,
      name: './lint.sh',
    });
    expect(hookKey(built.definition)).toBe('./lint.sh');
    expect('matcher' in built).toBe(false);
    const named = createEntry('BeforeTool', { type: 'command', command: './lint.sh', name: 'lint' }).entry;
    expect(named.name).toBe('lint');
    expect(createEntry('BeforeTool', { type: 'command', command: 'x' }, { name: 'shown' }).entry.name).toBe('shown');
  });

  it('keys the exec form by command and args, never like the shell line', () => {
    const key = (args?: string[]) =>
      hookKey(createEntry('BeforeTool', { type: 'command', command: 'node', args }).entry.definition);
    expect(key(['a.mjs'])).toBe(commandKey({ command: 'node', args: ['a.mjs'] }));
    expect(key(['a.mjs'])).not.toBe(key(['b.mjs']));
    expect(key([])).not.toBe(key());
  });

  it('records where the hook came from, leaving out what is unknown', () => {
    const options = { source: 'project', file: '/p/settings.json', pointer: '/hooks/BeforeTool/0/hooks/1' } as const;
    const built = createEntry('BeforeTool', { type: 'command', command: 'x' }, { ...options, sequential: true }).entry;
    expect(built.origin).toEqual(options);
    expect(built.sequential).toBe(true);
    expect(Object.keys(createEntry('BeforeTool', guard, { source: 'user' }).entry.origin)).toEqual(['source']);
  });

  it('keys a function hook by its function: the same function dedups, two functions never collide', () => {
    const key = hookKey(createEntry('BeforeTool', guard).entry.definition);
    expect(key).toMatch(/^function:\d+$/);
    expect(hookKey(createEntry('AfterTool', guard).entry.definition)).toBe(key);
    expect(hookKey(createEntry('BeforeTool', functionHook('renamed', allowAll)).entry.definition)).toBe(key);
    expect(
      hookKey(
        createEntry(
          'BeforeTool',
          functionHook('guard', () => undefined),
        ).entry.definition,
      ),
    ).not.toBe(key);
    expect(functionKey(guard)).toBe(key);
    expect(createEntry('BeforeTool', guard).entry.name).toBe('guard');
  });

  it('plans the same function registered twice once, and same-named functions both', () => {
    const twin = functionHook('guard', () => undefined);
    const plan = planFor(beforeTool('write_file'), [
      entry('BeforeTool', guard),
      entry('BeforeTool', guard, { source: 'user' }),
      entry('BeforeTool', twin),
    ]).plan;
    expect(plan.hooks.map((hook) => [hook.name, hook.origin.source])).toEqual([
      ['guard', 'runtime'],
      ['guard', 'runtime'],
    ]);
    expect(plan.hooks[1]?.definition).toBe(twin);
  });

  it('builds the same keys from settings, register and the testing kit', () => {
    const hook: CommandHookConfig = { type: 'command', command: 'node', args: ['a.mjs'] };
    const loaded = loadSettingsSync({ hooks: { BeforeTool: [{ hooks: [hook] }] } });
    expect(loaded.problems).toEqual([]);
    const keys = [
      loaded.entries[0] && hookKey(loaded.entries[0].definition),
      hookKey(runtimeEntry('PreToolUse', hook).entry.definition),
      hookKey(entry('BeforeTool', hook).definition),
    ];
    expect(new Set(keys)).toEqual(new Set([commandKey(hook)]));
    expect(hookKey(runtimeEntry('BeforeTool', guard).entry.definition)).toBe(
      hookKey(entry('BeforeTool', guard).definition),
    );
  });

  describe('matchers', () => {
    it('matches everything without a pattern, with "" and with "*"', () => {
      for (const matcher of [undefined, '', '*']) {
        const created = createEntry('BeforeTool', guard, { matcher });
        expect(created.problems).toEqual([]);
        expect('matcher' in created.entry).toBe(false);
      }
    });

    it('compiles a pattern once', () => {
      const { entry: built, problems } = createEntry('BeforeTool', guard, { matcher: '^write_' });
      expect(problems).toEqual([]);
      expect(built.matcher?.pattern).toBe('^write_');
      expect(built.matcher?.test('write_file')).toBe(true);
      expect(built.matcher?.test('rewrite')).toBe(false);
    });

    it('returns, not logs, the problem of an invalid pattern, which matches by exact string', () => {
      const { entry: built, problems } = createEntry('BeforeTool', guard, { matcher: 'write_file(' });
      expect(problems).toEqual([expect.stringMatching(/"write_file\(" is not a valid regular expression/)]);
      expect(built.matcher?.test('write_file(')).toBe(true);
      expect(built.matcher?.test('write_file')).toBe(false);
    });

    it('drops a matcher on an event without a match target, with a problem', () => {
      for (const matcher of ['^x$', compileMatcher('^x$').matcher]) {
        const { entry: built, problems } = createEntry('BeforeAgent', guard, { matcher });
        expect('matcher' in built).toBe(false);
        expect(problems).toEqual([
          'BeforeAgent has no match target, so its matcher is ignored and its hooks run on every event',
        ]);
      }
    });

    it('uses a compiled Matcher as given, even one that throws', () => {
      const throwing: Matcher = {
        pattern: 'x',
        test: () => {
          throw new Error('matcher threw');
        },
      };
      expect(createEntry('BeforeTool', guard, { matcher: throwing }).entry.matcher).toBe(throwing);
      expect(entryMatcher('SessionStart', throwing)).toEqual({ matcher: throwing, problem: undefined });
    });
  });

  describe('validation', () => {
    const invalid: [string, unknown][] = [
      ['a function hook without name', { type: 'function', run: allowAll }],
      ['a function hook with an empty name', { type: 'function', name: '', run: allowAll }],
      ['a function hook without run', { type: 'function', name: 'x' }],
      ['a command hook without command', { type: 'command' }],
      ['a command hook with an empty command', { type: 'command', command: '' }],
      ['a command hook with non-string args', { type: 'command', command: 'node', args: [1] }],
      ['a command hook with args that are not a list', { type: 'command', command: 'node', args: 'a.mjs' }],
      ['an unknown type', { type: 'plugin', command: 'x' }],
      ['no object at all', null],
    ];
    it.each(invalid)('throws InvalidHookError for %s', (_, definition) => {
      expect(() => createEntry('BeforeTool', definition as FunctionHook<never>)).toThrow(InvalidHookError);
    });

    it('names the event and the hook', () => {
      expect(() => createEntry('AfterTool', { type: 'function', name: 'x' } as unknown as FunctionHook<never>)).toThrow(
        'Function hook "x" for AfterTool needs a "run" function',
      );
    });
  });
});

describe('runtimeEntry', () => {
  it('resolves aliases, registers as runtime and exposes matcher problems', () => {
    const { entry: built, problems } = runtimeEntry('UserPromptSubmit', guard, { matcher: 'x', sequential: true });
    expect(built).toMatchObject({ event: 'BeforeAgent', origin: { source: 'runtime' }, sequential: true });
    expect(problems).toEqual([expect.stringContaining('BeforeAgent has no match target')]);
  });

  it('throws UnknownEventError for an unknown event', () => {
    expect(() => runtimeEntry('NoSuchEvent', guard)).toThrow(UnknownEventError);
  });
});

describe('withId', () => {
  it('adds the id to a draft without changing anything else', () => {
    const { entry: draft } = createEntry('BeforeTool', guard, { matcher: 'write', source: 'project' });
    const withIdEntry = withId(draft, 7);
    expect(withIdEntry).toEqual({ ...draft, id: 7 });
    expect(Object.keys(withIdEntry)[0]).toBe('id');
    expect('matcher' in withId(createEntry('BeforeTool', guard).entry, 8)).toBe(false);
  });
});

/**
 * The edit `install` makes, as a pure function: one tagged entry per event, the user's entries untouched,
 * idempotent, and removed exactly by `withoutInstalled`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dialectById } from '../../lib/dialects/registry.js';
import type { DialectId } from '../../lib/dialects/types.js';
import { installedEvents, isInstalledCommand } from '../../lib/dialects/installedEntry.js';
import {
  installedCommand,
  ownHookCount,
  shellWord,
  withInstalled,
  withoutInstalled,
  type ShellClient,
} from '../../lib/cli/installEntries.js';

const AGENTS: DialectId[] = ['claude', 'codex', 'gemini', 'cursor', 'copilot'];
const PREFIX = "node '/opt/my tools/client.js'";
const SHELL_CLIENT: ShellClient = {
  shellScript: "'/opt/my tools/hook.sh'",
  perlScript: "'/opt/my tools/hook.pl'",
  node: '/usr/bin/node',
};
/** What `install` wrote before perl was started from the entry itself. */
const previousEntry = (agent: string, event: string): string =>
  `/bin/sh '/opt/my tools/hook.sh' /usr/bin/node ${agent} ${event} --installed-by-hookstream`;

/** Some user settings in the agent's own shape: hooks on events the agent has, plus another key. */
const userSettings = (agent: DialectId) =>
  fc
    .record({
      commands: fc.array(fc.constantFrom('echo a', './check.sh', 'lint --fix'), { maxLength: 3 }),
      other: fc.option(fc.constantFrom(1, 'x', true), { nil: undefined }),
    })
    .map(({ commands, other }) => {
      const dialect = dialectById(agent);
      const event = installedEvents(dialect)[0]?.native ?? 'x';
      const flat = dialect.hookList === 'flat';
      const hooks = commands.map((command) =>
        flat
          ? agent === 'copilot'
            ? { type: 'command', bash: command }
            : { command }
          : { hooks: [{ type: 'command', command }] },
      );
      const settings: Record<string, unknown> = commands.length === 0 ? {} : { hooks: { [event]: hooks } };
      if (other !== undefined) settings['other'] = other;
      return settings;
    });

describe.each(AGENTS)('install entries for %s', (agent) => {
  const dialect = dialectById(agent);

  it('adds one tagged entry per event, is idempotent, and comes out exactly', () => {
    fc.assert(
      fc.property(userSettings(agent), (settings) => {
        const installed = withInstalled(dialect, settings, PREFIX);
        expect(withInstalled(dialect, installed, PREFIX)).toEqual(installed);
        expect(ownHookCount(dialect, installed)).toBe(ownHookCount(dialect, settings));
        const { settings: removed, removed: count } = withoutInstalled(dialect, installed);
        expect(count).toBe(installedEvents(dialect).length);
        const expected = dialect.hookList === 'flat' ? Object.assign({ version: 1 }, settings) : settings;
        expect(removed).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the shell client entry', () => {
  it("starts perl on hook.sh's own condition, else hook.sh, and carries the tag", () => {
    const command = installedCommand(SHELL_CLIENT, dialectById('claude'), 'PreToolUse');
    expect(command).toBe(
      '[ -z "${PERL5OPT:-}${PERL5LIB:-}${PERLLIB:-}" ] && command -v perl >/dev/null 2>&1 && ' +
        "exec perl -f -C0 -- '/opt/my tools/hook.pl' /usr/bin/node claude PreToolUse --installed-by-hookstream; " +
        "exec /bin/sh '/opt/my tools/hook.sh' /usr/bin/node claude PreToolUse --installed-by-hookstream",
    );
    expect(isInstalledCommand(command)).toBe(true);
  });

  it.each(AGENTS)('replaces the entries of the previous format for %s, and uninstall finds both', (agent) => {
    const dialect = dialectById(agent);
    const [first] = installedEvents(dialect);
    if (first === undefined) throw new Error(`${agent} offers no event`);
    const old = withInstalled(
      dialect,
      {},
      previousEntry(agent, first.native).replace(/ \S+ \S+ --installed-by-hookstream$/, ''),
    );
    expect(JSON.stringify(old)).toContain(previousEntry(agent, first.native));
    const fresh = withInstalled(dialect, old, SHELL_CLIENT);
    // No command left that starts as the previous format did: each was replaced by the new one.
    expect(JSON.stringify(fresh)).not.toMatch(/":"\/bin\/sh /);
    expect(JSON.stringify(fresh)).toContain(installedCommand(SHELL_CLIENT, dialect, first.native).replace(/"/g, '\\"'));
    expect(withoutInstalled(dialect, fresh).removed).toBe(installedEvents(dialect).length);
    expect(withoutInstalled(dialect, old).removed).toBe(installedEvents(dialect).length);
  });
});

describe('the install tag', () => {
  it('is recognised as a whole word only', () => {
    expect(isInstalledCommand('node c.js claude Stop --installed-by-hookstream')).toBe(true);
    expect(isInstalledCommand('echo --installed-by-hookstreamer')).toBe(false);
    expect(isInstalledCommand(undefined)).toBe(false);
  });

  it('quotes words for the shell', () => {
    expect(shellWord('/usr/bin/node')).toBe('/usr/bin/node');
    expect(shellWord("/a b/it's")).toBe(`'/a b/it'\\''s'`);
  });
});

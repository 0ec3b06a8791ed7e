/**
 * The hook entries `hookstream install` writes into an agent's own settings, and how they are told apart from
 * the user's: each installed command ends with {@link INSTALLED_TAG}. Reading an agent's file skips them, so
 * hookstream never runs itself as one of that agent's hooks (the client would call the daemon again, forever).
 */
import { isEventName } from '../events/names.js';
import type { Dialect, DialectEvent } from './types.js';

/** The last word of every installed command: the thin client ignores it, readers and `uninstall` look for it. */
export const INSTALLED_TAG = '--installed-by-hookstream';

const TAGGED = /(^|\s)--installed-by-hookstream(\s|$)/;

/** Whether a hook's command (or Claude http hook URL) is one `hookstream install` wrote. */
export const isInstalledCommand = (command: unknown): boolean => typeof command === 'string' && TAGGED.test(command);

/**
 * The events an installed agent sends to hookstream: each event hookstream can decide, once — the first of the
 * agent's names for it (Copilot's camelCase before its VS Code spelling; Cursor's `preToolUse` before the
 * per-tool `beforeShellExecution`, which would ask the same question twice).
 */
export const installedEvents = (dialect: Dialect): readonly DialectEvent[] => {
  const seen = new Set<string>();
  return dialect.events.filter((event) => {
    if (!isEventName(event.canonical) || event.toolFilter !== undefined || seen.has(event.canonical)) return false;
    seen.add(event.canonical);
    return true;
  });
};

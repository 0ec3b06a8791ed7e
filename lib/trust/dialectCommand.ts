/**
 * The command a hook of another agent's file really runs, for the fingerprint: its placeholders handled and its
 * agent's static variables set exactly as the run path does it (lib/executors/dialectRuns.ts). A plugin's
 * `${CLAUDE_PLUGIN_ROOT}/hooks/x.sh` or an extension's `${extensionPath}/x.sh` then resolves to the bundle's own
 * root whatever the approving shell's environment holds, so the script is always hashed.
 */
import type { CommandHookConfig, HookEntry } from '../model/types.js';
import { dialectById, dialectEvent } from '../dialects/registry.js';
import type { VariableValue } from '../dialects/types.js';
import { dialectVariables, prepareDialectCommand, type DialectHookContext } from '../protocol/dialectEnv.js';

/** Variables whose value is known before any event (a session id or an input's `cwd` is not). */
const STATIC_VALUES = new Set<VariableValue>([
  'projectDir',
  'workspacePath',
  'pluginRoot',
  'pluginData',
  'extensionPath',
]);

/** `definition` as the run path prepares it for `entry`'s agent; itself for hookstream's own hooks. */
export const walkedDefinition = (
  entry: Pick<HookEntry, 'origin'>,
  definition: CommandHookConfig,
  projectDir: string,
): CommandHookConfig => {
  const { dialect: id, nativeEvent, bundle } = entry.origin;
  if (id === undefined || id === 'hookstream' || nativeEvent === undefined) return definition;
  const dialect = dialectById(id);
  const event = dialectEvent(dialect, nativeEvent);
  if (event === undefined) return definition;
  const context: DialectHookContext =
    bundle === undefined
      ? { dialect, event, projectDir, sessionId: '' }
      : { dialect, event, projectDir, sessionId: '', bundle };
  const prepared = prepareDialectCommand(definition, context);
  const all = dialectVariables(context);
  const env: Record<string, string> = {};
  for (const variable of dialect.variables) {
    const value = all[variable.name];
    if (value !== undefined && STATIC_VALUES.has(variable.value)) env[variable.name] = value;
  }
  // As on the run path: the agent's variables, then the placeholders' own, then the hook's `env`.
  Object.assign(env, prepared.env, definition.env);
  return Object.assign({}, prepared.definition, { env });
};

/**
 * Claude Code as a dialect: `.claude/settings.json` and its siblings, plugin `hooks/hooks.json` files,
 * timeouts in seconds, hooks on unless `disableAllHooks`, exact-name matchers, and the variables and
 * placeholders its hooks expect (`CLAUDE_PROJECT_DIR`, `CLAUDE_PLUGIN_ROOT`, `CLAUDE_PLUGIN_DATA`, `CLAUDE_ENV_FILE`).
 */
import { CLAUDE_DEFAULT_TIMEOUT_MS, CLAUDE_EVENTS } from './claudeEvents.js';
import { enabledUnlessSwitched, MATCHER_GROUP_KEYS } from './tableParts.js';
import type { Dialect } from './types.js';

export const CLAUDE: Dialect = {
  id: 'claude',
  label: 'Claude Code',
  configDir: { name: '.claude', override: { variable: 'CLAUDE_CONFIG_DIR', replaces: 'dir' } },
  locations: [
    { scope: 'local', source: 'project', base: 'project', path: ['.claude', 'settings.local.json'] },
    { scope: 'project', source: 'project', base: 'project', path: ['.claude', 'settings.json'] },
    { scope: 'user', source: 'user', base: 'config', path: ['settings.json'] },
    {
      scope: 'managed',
      source: 'system',
      base: 'absolute',
      path: {
        linux: '/etc/claude-code/managed-settings.json',
        darwin: '/Library/Application Support/ClaudeCode/managed-settings.json',
        win32: 'C:\\Program Files\\ClaudeCode\\managed-settings.json',
      },
    },
  ],
  bundles: [{ kind: 'plugin', hooksFile: ['hooks', 'hooks.json'], fileKeys: ['description'] }],
  events: CLAUDE_EVENTS,
  timeoutUnit: 'seconds',
  defaultTimeoutMs: CLAUDE_DEFAULT_TIMEOUT_MS,
  typeTimeoutMs: { prompt: 30_000, agent: 60_000 },
  // `disableAllHooks` in user, project or local settings cannot turn managed hooks off.
  enablement: enabledUnlessSwitched({ path: ['disableAllHooks'], value: true, effect: 'disable', reach: 'scopes' }),
  variables: [
    { name: 'CLAUDE_PROJECT_DIR', value: 'projectDir' },
    { name: 'CLAUDE_PLUGIN_ROOT', value: 'pluginRoot', when: 'bundle' },
    { name: 'CLAUDE_PLUGIN_DATA', value: 'pluginData', when: 'bundle' },
    { name: 'CLAUDE_ENV_FILE', value: 'envFile', when: 'envFile' },
    { name: 'CLAUDE_EFFORT', value: 'effort' },
  ],
  // Set in the shells Claude Code runs (its Bash tool).
  agentMarkers: ['CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT'],
  placeholders: [
    { token: '${CLAUDE_PROJECT_DIR}', variable: 'CLAUDE_PROJECT_DIR', value: 'projectDir' },
    { token: '${CLAUDE_PLUGIN_ROOT}', variable: 'CLAUDE_PLUGIN_ROOT', value: 'pluginRoot' },
    { token: '${CLAUDE_PLUGIN_DATA}', variable: 'CLAUDE_PLUGIN_DATA', value: 'pluginData' },
  ],
  hookTypes: { run: ['command', 'http', 'mcp_tool', 'prompt', 'agent'], skipped: [] },
  topLevelKeys: {
    acted: ['hooks', 'disableAllHooks', 'allowedHttpHookUrls', 'httpHookAllowedEnvVars'],
    // The rest of Claude Code's settings; new ones appear often, so unknown keys stay quiet too.
    quiet: [
      '$schema',
      'allowManagedHooksOnly',
      'permissions',
      'env',
      'model',
      'availableModels',
      'statusLine',
      'outputStyle',
      'apiKeyHelper',
      'cleanupPeriodDays',
      'includeCoAuthoredBy',
      'attribution',
      'enabledPlugins',
      'extraKnownMarketplaces',
      'enableAllProjectMcpServers',
      'enabledMcpjsonServers',
      'disabledMcpjsonServers',
      'sandbox',
      'forceLoginMethod',
      'awsAuthRefresh',
      'awsCredentialExport',
      'companyAnnouncements',
      'alwaysThinkingEnabled',
      'spinnerTipsEnabled',
      'theme',
      'language',
      'description',
    ],
    unknown: 'quiet',
  },
  hooksSectionKeys: [],
  groupKeys: MATCHER_GROUP_KEYS,
  hookKeys: {
    acted: [
      'type',
      'command',
      'args',
      'timeout',
      'if',
      'statusMessage',
      'async',
      'asyncRewake',
      'url',
      'headers',
      'allowedEnvVars',
      'server',
      'tool',
      'input',
      'prompt',
      'model',
    ],
    // Claude features hookstream does not act on: accepted without a warning.
    quiet: ['shell', 'once', 'continueOnBlock'],
    unknown: 'warn',
  },
  sendsNativeEventName: true,
  exit2Stdout: 'ignored',
};

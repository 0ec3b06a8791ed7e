import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Each third-party library is imported in one folder, so replacing or upgrading it touches that folder only.
 * A group names the imports and where they belong; `restrictedImports(...allowed)` bans every group but the
 * allowed ones. Flat config replaces a rule's options per file rather than merging them, so every zone lists
 * its whole set.
 */
const IMPORT_GROUPS = {
  process: {
    group: ['execa', 'node:child_process', 'child_process'],
    message: 'Spawning belongs in lib/process/ (the one supervisor): import it from there.',
  },
  codecs: {
    group: ['io-ts', 'io-ts/*', 'io-ts-reporters', 'fp-ts', 'fp-ts/*'],
    message:
      'io-ts and fp-ts stay in lib/events/, lib/config/, lib/dialects/, lib/kinds/ and lib/aggregate/; elsewhere use their plain TypeScript types.',
  },
  logging: {
    group: ['winston', 'winston/*'],
    message: 'winston belongs in lib/logging/: take the logger from lib/logging/logger.ts.',
  },
  aiSdk: {
    group: ['ai', 'ai/*', '@ai-sdk/*'],
    message: 'The AI SDK is an optional peer: only lib/adapters/ai-sdk/ may import it.',
  },
  mcp: {
    group: ['@modelcontextprotocol/*'],
    message: 'The MCP SDK is an optional peer: only lib/adapters/mcp/ may import it.',
  },
  langchain: {
    group: ['langchain', 'langchain/*', '@langchain/*'],
    message: 'LangChain is an optional peer: only lib/adapters/langchain/ may import it.',
  },
  openaiAgents: {
    group: ['@openai/*'],
    message: 'The OpenAI Agents SDK is an optional peer: only lib/adapters/openai-agents/ may import it.',
  },
  nats: {
    group: ['@nats-io/*'],
    message: 'The NATS client is an optional peer: only lib/broker/ may import it (dynamically, on first use).',
  },
  telemetry: {
    group: ['@opentelemetry/*'],
    message: 'OpenTelemetry is an optional peer the host passes in (lib/observe/ uses structural types).',
  },
  devOnly: {
    group: ['playwright-core', 'ajv', 'fast-check', 'vitest'],
    message: 'Test and tooling packages are devDependencies: the library must not import them.',
  },
  rxjs: {
    group: ['rxjs/operators', 'rxjs/internal', 'rxjs/internal/*'],
    message: "Import operators from 'rxjs' itself; 'rxjs/operators' is deprecated and rxjs/internal is not API.",
  },
};

/** The `no-restricted-imports` entry banning every group except `allowed`. */
const restrictedImports = (...allowed) => [
  'error',
  {
    patterns: Object.entries(IMPORT_GROUPS)
      .filter(([name]) => !allowed.includes(name))
      .map(([, { group, message }]) => ({ group, message })),
  },
];

const SPREAD_MESSAGE =
  'Spread-then-add object literal on a hot path: on Node 20 `{...a, k}` costs ~0.8 µs and `{...a, ...b, k}` ' +
  '~3.4 µs, each object a new hidden class. Write a literal and assign optional fields ' +
  'afterwards, or use Object.assign.';

/** Folders every event passes through: a spread that is not the literal's last member is banned there. */
const HOT_PATHS = [
  'lib/events/**',
  'lib/plan/**',
  'lib/rules/**',
  'lib/aggregate/**',
  'lib/engine/**',
  'lib/executors/**',
  'lib/operators/**',
  'lib/protocol/**',
  'lib/system/**',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'demos/sample-project/**',
      'spec/fixtures/**',
      'bench/fixtures/**',
      'demos/hooks/**',
      'demos/policies/bin/**',
      '*.config.*',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Specs, demos and benchmarks may spawn or use any library; nobody imports rxjs/operators or internals.
      'no-restricted-imports': restrictedImports(
        'process',
        'codecs',
        'logging',
        'aiSdk',
        'mcp',
        'langchain',
        'openaiAgents',
        'telemetry',
        'devOnly',
        'nats',
      ),
    },
  },
  { files: ['lib/**'], rules: { 'no-restricted-imports': restrictedImports() } },
  { files: ['lib/process/**'], rules: { 'no-restricted-imports': restrictedImports('process') } },
  // Each adapter imports its own framework and nothing else's.
  { files: ['lib/adapters/ai-sdk/**'], rules: { 'no-restricted-imports': restrictedImports('aiSdk') } },
  { files: ['lib/adapters/mcp/**'], rules: { 'no-restricted-imports': restrictedImports('mcp') } },
  { files: ['lib/broker/**'], rules: { 'no-restricted-imports': restrictedImports('nats') } },
  { files: ['lib/adapters/langchain/**'], rules: { 'no-restricted-imports': restrictedImports('langchain') } },
  {
    files: ['lib/adapters/openai-agents/**'],
    rules: { 'no-restricted-imports': restrictedImports('openaiAgents') },
  },
  // Named exception: `validate` checks shell syntax with a synchronous `bash -n`, no hook process involved.
  { files: ['lib/cli/commandChecks.ts'], rules: { 'no-restricted-imports': restrictedImports('process') } },
  // Named exception: the hook client starts the session daemon detached; it must not load lib/process/.
  { files: ['lib/cli/client.ts'], rules: { 'no-restricted-imports': restrictedImports('process') } },
  {
    files: ['lib/events/**', 'lib/config/**', 'lib/dialects/**', 'lib/kinds/**', 'lib/aggregate/**'],
    rules: { 'no-restricted-imports': restrictedImports('codecs') },
  },
  { files: ['lib/logging/**'], rules: { 'no-restricted-imports': restrictedImports('logging') } },
  {
    files: HOT_PATHS,
    rules: {
      'no-restricted-syntax': [
        'error',
        // A spread followed by a property: `{ ...a, k }`, `{ ...a, ...b, k }`.
        { selector: 'ObjectExpression:has(> SpreadElement ~ Property)', message: SPREAD_MESSAGE },
        // Two spreads and no property after them: `{ ...a, ...b }` (the case above is reported once).
        {
          selector: 'ObjectExpression:has(> SpreadElement ~ SpreadElement):not(:has(> SpreadElement ~ Property))',
          message: SPREAD_MESSAGE,
        },
      ],
    },
  },
  {
    // Specs and benchmarks: async functions stand in for async contracts; fixtures poke at internals.
    files: ['spec/**', 'bench/**', 'demos/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-misused-spread': 'off',
    },
  },
);

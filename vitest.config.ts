import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/**/*.spec.ts', 'demos/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    typecheck: { enabled: true, include: ['spec/**/*.test-d.ts'] },
    pool: 'forks',
  },
});

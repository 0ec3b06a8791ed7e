/**
 * Programs whose own configuration, found in the project or the user's home, can run commands: `git status`
 * runs `core.fsmonitor` from `.git/config`, `make` runs the Makefile's recipes, `npm test` a package.json
 * script. The approval pins the command and its script, not these files: each is listed under "not pinned"
 * with the reason, so an approval says what it leaves to the program.
 */
const CONFIG: Readonly<Record<string, string>> = {
  git: 'reads .git/config, which can run commands (core.fsmonitor, hooks, aliases, filters)',
  npm: 'runs package.json scripts and reads .npmrc (script-shell, node-options)',
  npx: 'reads .npmrc and package.json',
  yarn: 'runs package.json scripts and reads .yarnrc (plugins)',
  pnpm: 'runs package.json scripts and reads .npmrc',
  bun: 'reads bunfig.toml (preload) and runs package.json scripts',
  make: 'runs the recipes of the Makefile',
  cargo: 'runs build.rs and reads .cargo/config.toml',
  gradle: 'runs build.gradle',
  gradlew: 'runs gradle/wrapper and build.gradle',
  mvn: 'runs pom.xml plugins and reads .mvn/',
  mvnw: 'runs .mvn/wrapper and pom.xml plugins',
  direnv: 'runs .envrc',
  just: 'runs the recipes of the justfile',
  task: 'runs Taskfile.yml',
  rake: 'runs the Rakefile',
  bundle: 'runs the Gemfile',
  pip: 'runs setup.py of what it builds',
  poetry: 'reads pyproject.toml',
  uv: 'reads pyproject.toml and runs build backends',
  tox: 'runs tox.ini',
  nox: 'runs noxfile.py',
  pytest: 'imports conftest.py',
  composer: 'runs composer.json scripts',
  go: 'reads go.mod and go.work (toolchain, replace)',
  docker: 'reads compose and build files',
  'docker-compose': 'reads the compose file',
  'pre-commit': 'runs .pre-commit-config.yaml',
  lefthook: 'runs lefthook.yml',
  mise: 'runs mise.toml tasks and env',
  eslint: 'imports eslint.config.js',
  prettier: 'imports prettier.config.js and plugins',
  jest: 'imports jest.config.js',
  vitest: 'imports vitest.config.ts',
  tsc: 'reads tsconfig.json (plugins)',
  terraform: 'runs providers the configuration names',
};

/** Why `program`'s own configuration can run code, or undefined for a program not known to read any. */
export const programConfig = (program: string): string | undefined =>
  Object.hasOwn(CONFIG, program) ? CONFIG[program] : undefined;

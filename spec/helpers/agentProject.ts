/**
 * One spec file's agent project: a temp root with `project/` and `home/`, agents' hook files written at their
 * real locations under the project, and hook systems created as a host would — `standardSettingsFiles` for the
 * project and home, `projectDir`, trust off — each tracked so it is disposed after every test. The root goes
 * after the file. Machine-wide files that have an override variable point at a path that does not exist, so a
 * machine's own Copilot policy or Gemini system settings never load into a spec.
 *
 * @example
 * const world = useAgentProject('hookstream-session-env-', { checkLeftovers: true });
 * world.write('.claude/settings.json', { hooks: { SessionStart: [...] } });
 * it('…', async () => { const hooks = world.system({ sessionId: 'spec' }); … });
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { standardSettingsFiles } from '../../lib/config/index.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import type { HookSystemOptions } from '../../lib/system/options.js';
import { markedProcesses, MARKER_VARIABLE } from '../process/processHarness.js';

export interface AgentProjectOptions {
  /** Runs after each test's systems are disposed: removing what a hook wrote. */
  readonly afterDispose?: () => void;
  /** After each test (and `afterDispose`), no process started by a `marked` command is still alive. */
  readonly checkLeftovers?: boolean;
}

export class AgentProject {
  readonly root: string;
  readonly project: string;
  readonly home: string;
  /** Put in a hook's environment by `marked`: `expectNoLeftovers` finds processes that still carry it. */
  readonly marker = randomUUID();
  private readonly systems: HookSystem[] = [];

  constructor(prefix: string) {
    this.root = mkdtempSync(join(tmpdir(), prefix));
    this.project = join(this.root, 'project');
    this.home = join(this.root, 'home');
    mkdirSync(this.project, { recursive: true });
    mkdirSync(this.home, { recursive: true });
  }

  /** Writes `content` as JSON to `file` under the project (directories made) and returns its path. */
  write(file: string, content: unknown): string {
    const target = join(this.project, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(content));
    return target;
  }

  /** `command` run with this project's marker in its environment. */
  marked(command: string): string {
    return `${MARKER_VARIABLE}=${this.marker} ${command}`;
  }

  /** The host's hook system for the project (standard files, trust off); `options` add to or replace those. */
  system(options: HookSystemOptions = {}): HookSystem {
    const variables = {
      HOOKSTREAM_COPILOT_POLICY_DIR: join(this.root, 'no-copilot-policy'),
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(this.root, 'no-gemini-system-settings.json'),
    };
    const defaults: HookSystemOptions = {
      settings: standardSettingsFiles(this.project, this.home, { variables }),
      projectDir: this.project,
      trust: false,
    };
    return this.track(createHookSystem(Object.assign(defaults, options)));
  }

  /** Disposes `system` with the others after the test. */
  track(system: HookSystem): HookSystem {
    this.systems.push(system);
    return system;
  }

  /** Disposes every system created or tracked since the last call. */
  async disposeSystems(): Promise<void> {
    await Promise.all(this.systems.splice(0).map((system) => system.dispose()));
  }

  /** No process started with this project's marker is still alive. */
  expectNoLeftovers(): void {
    expect(markedProcesses(this.marker)).toEqual([]);
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * An agent project for the calling spec file: systems disposed after each test (then `afterDispose`), the root
 * removed after the file. Called at the top level of the spec file.
 */
export const useAgentProject = (prefix: string, options: AgentProjectOptions = {}): AgentProject => {
  const world = new AgentProject(prefix);
  // One hook, so disposal comes before `afterDispose` whatever order vitest runs after-hooks in.
  afterEach(async () => {
    await world.disposeSystems();
    options.afterDispose?.();
    if (options.checkLeftovers === true) world.expectNoLeftovers();
  });
  afterAll(() => {
    world.cleanup();
  });
  return world;
};

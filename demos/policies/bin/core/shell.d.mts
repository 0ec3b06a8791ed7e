import type { HookInputOf, HookOutput } from '../../../../lib/index.js';

export declare const SHELL_TOOLS: readonly string[];
export declare const DEFAULT_PROTECTED_BRANCHES: readonly string[];

export interface DangerousCommandOptions {
  /** Default `$HOME`: `rm -rf /home/me` counts as `rm -rf ~`. */
  homeDir?: string;
  /** Branches a force-push must not reach; default main and master. */
  protectedBranches?: readonly string[];
  /** Shell tool names; default `SHELL_TOOLS`. */
  tools?: readonly string[];
}

export interface Danger {
  rule: 'recursive-delete' | 'recursive-permissions' | 'force-push' | 'pipe-to-shell';
  reason: string;
}

export declare function criticalTarget(word: string, homeDir?: string): string | undefined;
export declare function findDanger(command: string, options?: DangerousCommandOptions): Danger | undefined;
export declare function decideShell(
  input: HookInputOf<'BeforeTool'>,
  options?: DangerousCommandOptions,
): HookOutput | undefined;

import type { HookInputOf, HookOutput } from '../../../../lib/index.js';

export declare const WRITE_TOOLS: readonly string[];
export declare const PATH_FIELDS: readonly string[];
export declare const DEFAULT_PROTECTED: readonly string[];

export interface ProtectPathsOptions {
  /** Default: the input's `cwd`. */
  projectDir?: string;
  /** Default: `$HOME`. */
  homeDir?: string;
  /** Default `DEFAULT_PROTECTED`. */
  protectedPaths?: readonly string[];
  /** Directories outside the project that may be written (e.g. a scratch dir). */
  writableRoots?: readonly string[];
  /** Tool names that write files; default `WRITE_TOOLS`. */
  tools?: readonly string[];
}

export declare function normalizeTarget(target: string, projectDir: string, homeDir: string): string;
export declare function isInside(root: string, target: string): boolean;
export declare function protectedMatch(
  target: string,
  patterns: readonly string[],
  homeDir: string,
): string | undefined;
export declare function writtenPaths(toolInput: Record<string, unknown>): string[];
export declare function checkWrite(check: {
  toolName: string;
  target: string;
  projectDir: string;
  homeDir: string;
  protectedPaths?: readonly string[];
  writableRoots?: readonly string[];
}): string | undefined;
export declare function decideWrite(
  input: HookInputOf<'BeforeTool'>,
  options?: ProtectPathsOptions,
): HookOutput | undefined;

import type { HookOutput } from '../../../../lib/index.js';

export declare const DEFAULT_CONTEXT_FILES: readonly string[];
export declare const DEFAULT_MAX_BYTES: number;

export interface ContextFile {
  name: string;
  text: string;
}

export declare function clipUtf8(text: string, maxBytes: number): { text: string; clipped: number };
export declare function decideContext(
  files: readonly ContextFile[],
  options?: { maxBytes?: number },
): HookOutput | undefined;
export declare function readContextFiles(
  projectDir: string,
  names?: readonly string[],
  maxBytes?: number,
  signal?: AbortSignal,
): Promise<ContextFile[]>;

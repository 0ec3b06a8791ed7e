import type { HookInput, HookInputOf, HookOutput } from '../../../../lib/index.js';

export type SecretKind = 'private-key' | 'aws-access-key' | 'github-token' | 'env-secret';

export interface SecretFinding {
  kind: SecretKind;
  label: string;
  start: number;
  end: number;
  /** The secret itself: keep findings away from logs. */
  value: string;
}

export interface RedactSecretsOptions {
  /** Exact values that are known fakes (e.g. AWS's documented example key in a fixture). */
  allowValues?: readonly string[];
  /** AfterTool: results of tools reading files under these project-relative prefixes are not checked. */
  allowFiles?: readonly string[];
  /** Default: the input's `cwd`. */
  projectDir?: string;
}

export declare const DETECTORS: readonly {
  kind: SecretKind;
  label: string;
  pattern: RegExp;
  group: readonly number[];
}[];
export declare function findSecrets(text: string, options?: RedactSecretsOptions): SecretFinding[];
export declare function redactText(
  text: string,
  options?: RedactSecretsOptions,
): { text: string; findings: SecretFinding[] };
export declare function redactDeep<T>(
  value: T,
  options?: RedactSecretsOptions,
): { value: T; findings: SecretFinding[] };
export declare function describeFindings(findings: readonly SecretFinding[]): string;
export declare function decideToolResult(
  input: HookInputOf<'AfterTool'>,
  options?: RedactSecretsOptions,
): HookOutput | undefined;
export declare function decideRequest(
  input: HookInputOf<'BeforeModel'>,
  options?: RedactSecretsOptions,
): HookOutput | undefined;
export declare function decideResponse(
  input: HookInputOf<'AfterModel'>,
  options?: RedactSecretsOptions,
): HookOutput | undefined;
export declare function decideSecrets(input: HookInput, options?: RedactSecretsOptions): HookOutput | undefined;

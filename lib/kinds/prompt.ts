/** `type: 'prompt'`: a single-turn judgement by the host's model (`evaluatePrompt`). */
import type { PromptHookConfig } from '../model/types.js';
import { judgeKind } from './judge.js';

export const PROMPT = judgeKind<PromptHookConfig>('prompt');

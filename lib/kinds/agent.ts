/** `type: 'agent'`: a verifier agent the host runs (`runAgentHook`). */
import type { AgentHookConfig } from '../model/types.js';
import { judgeKind } from './judge.js';

export const AGENT = judgeKind<AgentHookConfig>('agent');

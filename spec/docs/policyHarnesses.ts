/**
 * Harnesses of docs/session-policies.md (see readmeHarnesses.ts for the shape): the flow rule denying the email
 * that carries a fetched page, an operator policy and a rule resumed from saved state, and a recording replayed
 * against policies — each block run as written, its printed decisions compared.
 */
import { expect } from 'vitest';
import type { Harness } from './readmeHarnesses.js';
import { lines } from './printedLines.js';

export const POLICY_HARNESSES: Readonly<Record<string, Harness>> = {
  'session-flow': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'deny: session policy "no-exfiltration": /tool_input/body carries "untrusted" data: event #2 web_fetch ' +
          '/tool_response/text → send_email /tool_input/body (after event #2)',
        'blocked: false',
      ]);
    },
  },

  'session-replay': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'line 5, two-shells: deny: session policy "two-shells": more than 2 matching calls in this session ' +
          '(after events #3, #4)',
        'line 6, no-exfiltration: deny: session policy "no-exfiltration": /tool_input/body carries "untrusted" data: ' +
          'event #2 web_fetch /tool_response/text → send_email /tool_input/body (after event #2)',
      ]);
    },
  },

  'session-operator': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'ask: session policy "few-hosts": a fourth host: d.example',
        'deny: session policy "two-shells": more than 2 matching calls in this session (after events #5, #6)',
      ]);
    },
  },
};

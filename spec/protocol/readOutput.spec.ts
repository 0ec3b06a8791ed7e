import { describe, expect, it } from 'vitest';
import { clipForRecord, decodeOutput, RECORD_LIMIT_BYTES } from '../../lib/protocol/readOutput.js';

describe('decodeOutput', () => {
  it('decodes valid UTF-8 and strips one leading BOM', () => {
    expect(decodeOutput(Buffer.from('\uFEFF{"a":"é"}'))).toEqual({ text: '{"a":"é"}', invalid: false });
    expect(decodeOutput(new Uint8Array(0))).toEqual({ text: '', invalid: false });
  });

  it('flags invalid bytes and decodes them lossily', () => {
    expect(decodeOutput(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toEqual({ text: 'caf\uFFFD', invalid: true });
  });
});

describe('clipForRecord', () => {
  it('keeps short text as is', () => {
    expect(clipForRecord('short')).toBe('short');
  });

  it('cuts long text to the byte limit on a character boundary', () => {
    const clipped = clipForRecord('é'.repeat(5000));
    expect(Buffer.byteLength(clipped)).toBeLessThanOrEqual(RECORD_LIMIT_BYTES);
    expect(clipped).toMatch(/^é+\n…\[truncated\]$/);
    expect(Buffer.byteLength(clipForRecord('a'.repeat(100), 20))).toBeLessThanOrEqual(20);
  });
});

/**
 * The prompt a judge receives (lib/executors/callbackProtocol.ts): `$ARGUMENTS` and a dialect's own words
 * (OLLM's `{{file.path}}`) filled in one pass, so a value holding another word stays text.
 */
import { describe, expect, it } from 'vitest';
import { promptWithArguments } from '../../lib/executors/callbackProtocol.js';
import { OLLM } from '../../lib/dialects/ollm.js';

const input = { hook_event_name: 'fileEdited', file_path: 'src/a.ts' };
const json = JSON.stringify(input);
const fields = OLLM.promptFields;

describe('promptWithArguments', () => {
  it("fills OLLM's {{file.path}} with the input's file_path and appends the input JSON", () => {
    expect(promptWithArguments('Run linting on {{file.path}}', input, fields)).toBe(
      `Run linting on src/a.ts\n\n${json}`,
    );
  });

  it('fills every occurrence, and $ARGUMENTS beside it without appending', () => {
    expect(promptWithArguments('{{file.path}} then {{file.path}}: $ARGUMENTS', input, fields)).toBe(
      `src/a.ts then src/a.ts: ${json}`,
    );
  });

  it('leaves the word as written when the input lacks its field', () => {
    const bare = { hook_event_name: 'before_tool' };
    expect(promptWithArguments('Check {{file.path}}', bare, fields)).toBe(
      `Check {{file.path}}\n\n${JSON.stringify(bare)}`,
    );
  });

  it('one pass: a path holding $ARGUMENTS, or JSON holding {{file.path}}, stays text', () => {
    const odd = { file_path: 'x/$ARGUMENTS.ts', note: '{{file.path}}' };
    expect(promptWithArguments('Lint {{file.path}} with $ARGUMENTS', odd, fields)).toBe(
      `Lint x/$ARGUMENTS.ts with ${JSON.stringify(odd)}`,
    );
  });

  it('without dialect words (hookstream, Claude), {{file.path}} is plain text', () => {
    expect(promptWithArguments('Run linting on {{file.path}}', input)).toBe(`Run linting on {{file.path}}\n\n${json}`);
  });
});

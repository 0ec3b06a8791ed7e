/**
 * Line:column of a JSON pointer inside a settings file, for problems the CLI finds itself (the loader
 * stamps its own). Each file is read and parsed once per run.
 */
import { MAX_SETTINGS_FILE_BYTES } from '../core/limits.js';
import { readRegularFileSync } from '../core/readRegularFile.js';
import { parseJsonDocument, type JsonDocument, type JsonPosition } from '../config/index.js';

export type Locate = (file: string, pointer: string) => JsonPosition | undefined;

/** A locator that remembers each file's parsed document; unreadable or unparsable files give no position. */
export const createLocator = (): Locate => {
  const documents = new Map<string, JsonDocument | undefined>();
  const documentOf = (file: string): JsonDocument | undefined => {
    if (!documents.has(file)) {
      let document: JsonDocument | undefined;
      try {
        document = parseJsonDocument(readRegularFileSync(file, { maxBytes: MAX_SETTINGS_FILE_BYTES }));
      } catch {
        document = undefined;
      }
      documents.set(file, document);
    }
    return documents.get(file);
  };
  return (file, pointer) => documentOf(file)?.locate(pointer);
};

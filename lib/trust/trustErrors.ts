/** The trust store's one error class: its message is one line that says what is wrong and how to fix it. */
import { HookstreamError, nameErrorClass } from '../core/errors.js';

/** The approval store cannot be read safely or written: refused (nothing approved), or locked, or unwritable. */
export class TrustStoreError extends HookstreamError {
  static {
    nameErrorClass(this, 'TrustStoreError');
  }
}

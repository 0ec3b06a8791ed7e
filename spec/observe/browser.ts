/**
 * A real browser for the dashboard specs: the system's Chromium (Debian's `chromium` package; `.ci/run`
 * installs it) driven by playwright-core, which downloads nothing. `CHROMIUM_PATH` names another binary.
 * Where none is installed the browser specs are skipped, and say so.
 */
import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Chromium binary to drive, or undefined when none is installed. */
export const chromiumPath: string | undefined = [process.env.CHROMIUM_PATH, ...CANDIDATES].find(
  (file): file is string => file !== undefined && file !== '' && executable(file),
);

/** Why the browser specs are skipped, for the spec title. */
export const NO_CHROMIUM =
  'skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH); .ci/run installs it';

/** Launches headless Chromium (no sandbox: CI runs as root). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });

import { accessSync, constants, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Where Debian's `chromium` package puts its launcher. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Told to whoever sees the browser tests skipped, or failing under CI. */
export const MISSING_CHROMIUM_MESSAGE =
  `Chromium was not found at ${DEFAULT_CHROMIUM_PATH}: install Debian's package with ` +
  '`apt-get install -y chromium` (.ci/run does this), or set CHROMIUM_PATH to a Chromium executable.';

/**
 * Chromium flags, on top of the ones Playwright already passes. Some repeat Playwright's defaults on purpose:
 * they are the promise that a test run talks to no host, and must hold whatever Playwright's defaults become.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  // No safe-browsing lists, variations, network time or other fetches of the browser's own.
  '--disable-background-networking',
  // No downloads of components (CRLSets, Widevine, ...).
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  // Debian's launcher turns on remote extensions and loads /usr/share/chromium/extensions: keep them all off.
  '--disable-extensions',
  '--disable-domain-reliability',
  // Any host name resolves to nothing, so nothing reaches another machine. Needed, not belt and braces: with
  // every flag above, Debian's Chromium 150 and 156 still start POSTs of their own (accounts.google.com
  // ListAccounts, android.clients.google.com checkin, update.googleapis.com), which the page routes never see.
  // IP literals (127.0.0.1) are not looked up and stay on this machine.
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/** A request the page made, other than the document itself. */
export interface RecordedRequest {
  url: string;
  method: string;
  /** Playwright's resource type: `image`, `fetch`, `script`, `stylesheet`, ... */
  resourceType: string;
}

/** A console message, including the errors Chromium itself logs (a CSP violation, a failed load). */
export interface RecordedConsoleMessage {
  /** `log`, `error`, `warning`, ... */
  type: string;
  text: string;
}

/** An `alert`, `confirm`, `prompt` or `beforeunload` dialog; each one is dismissed. */
export interface RecordedDialog {
  type: string;
  message: string;
}

/** A file open in headless Chromium, and everything it did since it was opened. */
export interface BrowserPage {
  /** The Playwright page, for queries. */
  page: Page;
  /** The `file://` URL of the document. */
  url: string;
  /** Every request the page made other than the document itself, in order. */
  requests: RecordedRequest[];
  /** The URLs of the requests that were stopped before they left Chromium: everything but the document. */
  abortedRequests: string[];
  consoleMessages: RecordedConsoleMessage[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  dialogs: RecordedDialog[];
  /** Writes a full-page PNG to `path` (creating its folder) and returns its bytes. */
  screenshot(path: string): Promise<Buffer>;
  /** Closes the browser. Safe to call more than once. */
  close(): Promise<void>;
}

export interface ChromiumPathOptions {
  /** Read for `CHROMIUM_PATH` and `CI`; `process.env` when left out. */
  env?: NodeJS.ProcessEnv;
  /** Used when `CHROMIUM_PATH` is not set. */
  defaultPath?: string;
}

/**
 * The Chromium executable for browser tests: `CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium` if
 * present, else `undefined` so that a developer without Chromium gets the browser tests skipped.
 * Under CI a missing Chromium throws instead: CI must never skip them. A `CHROMIUM_PATH` that names no
 * executable always throws, as it was set on purpose.
 *
 * @example
 * const executable = chromiumPath();
 * describe.skipIf(!executable)('the report in chromium', () => { ... });
 */
export function chromiumPath({
  env = process.env,
  defaultPath = DEFAULT_CHROMIUM_PATH,
}: ChromiumPathOptions = {}): string | undefined {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is ${configured}, which is not an executable file: fix or unset it.`);
  }
  if (isExecutable(defaultPath)) return defaultPath;
  if (isCI(env))
    throw new Error(`${MISSING_CHROMIUM_MESSAGE} Under CI the browser tests must run, not skip.`);
  return undefined;
}

/**
 * Opens `htmlPath` in headless Chromium and records what the page does. No request other than the document
 * leaves the browser: each one is recorded and aborted.
 *
 * @example
 * const browserPage = await openInBrowser('report.html');
 * try {
 *   expect(await browserPage.page.locator('svg').count()).toBe(2);
 *   expect(browserPage.requests).toEqual([]);
 * } finally {
 *   await browserPage.close();
 * }
 */
export async function openInBrowser(htmlPath: string): Promise<BrowserPage> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(MISSING_CHROMIUM_MESSAGE);
  const url = pathToFileURL(resolve(htmlPath)).href;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    // Chromium refuses to start as root with its sandbox on; for any other user the sandbox stays on.
    chromiumSandbox: process.getuid?.() !== 0,
  });
  try {
    return await openPage(browser, url);
  } catch (error) {
    await browser.close();
    throw error;
  }
}

async function openPage(browser: Browser, url: string): Promise<BrowserPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recorded: Omit<BrowserPage, 'page' | 'url' | 'screenshot' | 'close'> = {
    requests: [],
    abortedRequests: [],
    consoleMessages: [],
    pageErrors: [],
    dialogs: [],
  };
  // On the context, so that requests from popups and workers are caught too.
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (isDocument(request.url(), request.isNavigationRequest(), url)) return route.continue();
    recorded.abortedRequests.push(request.url());
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    if (isDocument(request.url(), request.isNavigationRequest(), url)) return;
    recorded.requests.push({
      url: request.url(),
      method: request.method(),
      resourceType: request.resourceType(),
    });
  });
  page.on('console', (message) =>
    recorded.consoleMessages.push({ type: message.type(), text: message.text() }),
  );
  page.on('pageerror', (error) => recorded.pageErrors.push(error.message));
  page.on('dialog', async (dialog) => {
    recorded.dialogs.push({ type: dialog.type(), message: dialog.message() });
    await dialog.dismiss();
  });
  await page.goto(url, { waitUntil: 'load' });

  let closed: Promise<void> | undefined;
  return {
    page,
    url,
    ...recorded,
    async screenshot(path) {
      await mkdir(dirname(path), { recursive: true });
      return page.screenshot({ path, fullPage: true });
    },
    close() {
      closed ??= browser.close();
      return closed;
    },
  };
}

function isDocument(requestUrl: string, isNavigation: boolean, documentUrl: string): boolean {
  return isNavigation && requestUrl === documentUrl;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isCI(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

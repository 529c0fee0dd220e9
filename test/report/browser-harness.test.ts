import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type BrowserPage, chromiumPath, MISSING_CHROMIUM_MESSAGE, openInBrowser } from './browser.js';

const screenshots = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));
const reportCsp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// A 1x1 transparent PNG, as the report inlines its images.
const dataImage =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function page(head: string, body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8">${head}<title>fixture</title></head><body>${body}</body></html>\n`;
}

const fixtures = {
  external: page(
    '',
    '<img src="https://example.com/x.png" alt="">' +
      "<script>fetch('http://127.0.0.1:1/').catch(() => {});</script>",
  ),
  cspInlineScript: page(
    `<meta http-equiv="Content-Security-Policy" content="${reportCsp}">`,
    '<p>blocked</p><script>alert(1)</script>',
  ),
  inlineScript: page('', "<script>alert('hello'); throw new Error('boom');</script>"),
  inlineSvg: page(
    `<meta http-equiv="Content-Security-Policy" content="${reportCsp}">`,
    '<svg width="40" height="40" viewBox="0 0 10 10"><g class="mark-rect role-mark"><path d="M0,0h10v10h-10Z"/></g></svg>' +
      `<img src="${dataImage}" alt="dot">`,
  ),
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'compactkit-browser-'));
  for (const [name, html] of Object.entries(fixtures)) writeFileSync(join(dir, `${name}.html`), html);
});

async function open(name: keyof typeof fixtures): Promise<BrowserPage> {
  const browserPage = await openInBrowser(join(dir, `${name}.html`));
  onTestFinished(() => browserPage.close());
  return browserPage;
}

describe('chromiumPath', () => {
  const missing = join(tmpdir(), 'compactkit-no-such-chromium');

  it('prefers CHROMIUM_PATH, then the default path', () => {
    expect(chromiumPath({ env: { CHROMIUM_PATH: process.execPath }, defaultPath: missing })).toBe(
      process.execPath,
    );
    expect(chromiumPath({ env: {}, defaultPath: process.execPath })).toBe(process.execPath);
  });

  it('returns undefined outside CI when there is no chromium, so the browser tests skip', () => {
    expect(chromiumPath({ env: {}, defaultPath: missing })).toBeUndefined();
    expect(chromiumPath({ env: { CI: 'false' }, defaultPath: missing })).toBeUndefined();
  });

  it('throws under CI when there is no chromium, so CI never skips the browser tests', () => {
    expect(() => chromiumPath({ env: { CI: 'true' }, defaultPath: missing })).toThrow(
      /apt-get install -y chromium/,
    );
    expect(() => chromiumPath({ env: { CI: '1' }, defaultPath: missing })).toThrow(/must run, not skip/);
  });

  it('throws when CHROMIUM_PATH names no executable', () => {
    expect(() => chromiumPath({ env: { CHROMIUM_PATH: missing }, defaultPath: process.execPath })).toThrow(
      /CHROMIUM_PATH/,
    );
    expect(() => chromiumPath({ env: { CHROMIUM_PATH: tmpdir() } })).toThrow(/not an executable file/);
  });
});

const executable = chromiumPath();

describe.skipIf(!executable)(
  executable ? 'the browser harness' : `the browser harness (skipped: ${MISSING_CHROMIUM_MESSAGE})`,
  () => {
    it('records and aborts every request other than the document', async () => {
      const browserPage = await open('external');
      await expect.poll(() => browserPage.requests.length).toBe(2);
      expect(browserPage.requests).toEqual(
        expect.arrayContaining([
          { url: 'https://example.com/x.png', method: 'GET', resourceType: 'image' },
          { url: 'http://127.0.0.1:1/', method: 'GET', resourceType: 'fetch' },
        ]),
      );
      expect([...browserPage.abortedRequests].sort()).toEqual([
        'http://127.0.0.1:1/',
        'https://example.com/x.png',
      ]);
    });

    it('sees no dialog when the report CSP blocks an inline script, and records the violation', async () => {
      const browserPage = await open('cspInlineScript');
      expect(await browserPage.page.textContent('p')).toBe('blocked');
      await expect
        .poll(() => browserPage.consoleMessages)
        .toContainEqual({ type: 'error', text: expect.stringMatching(/Content Security Policy/) });
      expect(browserPage.dialogs).toEqual([]);
      expect(browserPage.pageErrors).toEqual([]);
      expect(browserPage.requests).toEqual([]);
    });

    it('records and dismisses the dialog and the error of an inline script without CSP', async () => {
      const browserPage = await open('inlineScript');
      expect(browserPage.dialogs).toEqual([{ type: 'alert', message: 'hello' }]);
      expect(browserPage.pageErrors).toEqual(['boom']);
    });

    it('queries inline SVG marks, and counts no data: image as a request', async () => {
      const browserPage = await open('inlineSvg');
      expect(await browserPage.page.locator('svg g.mark-rect.role-mark path').count()).toBe(1);
      // Loaded, so the CSP let the data: image through.
      const width = await browserPage.page
        .locator('img')
        .evaluate((image) => (image as { naturalWidth?: number }).naturalWidth);
      expect(width).toBe(1);
      expect(browserPage.requests).toEqual([]);
      expect(browserPage.abortedRequests).toEqual([]);
      expect(browserPage.consoleMessages).toEqual([]);
    });

    it('writes a full-page screenshot as a PNG', async () => {
      const browserPage = await open('inlineSvg');
      const path = join(screenshots, 'browser-harness-inline-svg.png');
      const returned = await browserPage.screenshot(path);
      const written = readFileSync(path);
      expect([...written.subarray(0, 8)]).toEqual(pngSignature);
      expect(written.equals(returned)).toBe(true);
    });
  },
);

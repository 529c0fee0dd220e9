import { describe, expect, it } from 'vitest';
import type { FilePart, ImagePart } from '../../src/messages/types.js';
import {
  countTextTokens,
  estimateAttachmentTokens,
  UNKNOWN_IMAGE_TOKENS,
  URL_FILE_TOKENS,
} from '../../src/tokens/index.js';

const image = (fields: Omit<ImagePart, 'type'>): ImagePart => ({ type: 'image', ...fields });
const file = (mediaType: string, fields: Omit<FilePart, 'type' | 'mediaType'> = {}): FilePart => ({
  type: 'file',
  mediaType,
  ...fields,
});
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('estimateAttachmentTokens for images', () => {
  it("follows OpenAI's documented examples", () => {
    expect(estimateAttachmentTokens(image({ width: 1024, height: 1024, detail: 'high' }))).toBe(765);
    expect(estimateAttachmentTokens(image({ width: 2048, height: 4096, detail: 'high' }))).toBe(1105);
    expect(estimateAttachmentTokens(image({ width: 4096, height: 8192, detail: 'low' }))).toBe(85);
  });

  it('scales down to fit 2048 x 2048 before shortening the shorter side to 768', () => {
    // 4096 x 8192 -> 1024 x 2048 -> 768 x 1536: 2 x 3 tiles.
    expect(estimateAttachmentTokens(image({ width: 4096, height: 8192 }))).toBe(6 * 170 + 85);
    // 1000 x 3000 -> 683 x 2048; the shorter side is under 768 already: 2 x 4 tiles.
    expect(estimateAttachmentTokens(image({ width: 1000, height: 3000 }))).toBe(8 * 170 + 85);
  });

  it('never scales a small image up', () => {
    expect(estimateAttachmentTokens(image({ width: 512, height: 512 }))).toBe(170 + 85);
    expect(estimateAttachmentTokens(image({ width: 100, height: 40 }))).toBe(170 + 85);
    expect(estimateAttachmentTokens(image({ width: 513, height: 100 }))).toBe(2 * 170 + 85);
  });

  it('prices auto detail as high detail', () => {
    expect(estimateAttachmentTokens(image({ width: 2048, height: 4096, detail: 'auto' }))).toBe(1105);
  });

  it('prices an image of unknown or nonsensical size as a 1024 x 1024 image', () => {
    expect(UNKNOWN_IMAGE_TOKENS).toBe(765);
    expect(estimateAttachmentTokens(image({ url: 'https://example.com/cat.png' }))).toBe(765);
    expect(estimateAttachmentTokens(image({ data: 'iVBORw0KGgo=', width: 800 }))).toBe(765);
    expect(estimateAttachmentTokens(image({ width: 0, height: 100 }))).toBe(765);
    expect(estimateAttachmentTokens(image({ width: Number.NaN, height: 100 }))).toBe(765);
  });
});

describe('estimateAttachmentTokens for files', () => {
  it('counts inline text files exactly', () => {
    expect(estimateAttachmentTokens(file('text/plain', { data: base64('hello world') }))).toBe(2);
    const json = JSON.stringify({ name: 'Grüße', list: [1, 2, 3] });
    for (const mediaType of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/vnd.api+json',
      'application/xml',
      'image/svg+xml',
      'text/markdown',
    ]) {
      expect(estimateAttachmentTokens(file(mediaType, { data: base64(json) })), mediaType).toBe(
        countTextTokens(json),
      );
    }
  });

  it('counts text files with the encoding asked for', () => {
    const text = 'お誕生日おめでとう';
    const part = file('text/plain', { data: base64(text) });
    expect(estimateAttachmentTokens(part, 'o200k_base')).toBe(countTextTokens(text, 'o200k_base'));
    expect(estimateAttachmentTokens(part, 'o200k_base')).not.toBe(estimateAttachmentTokens(part));
  });

  it('charges one token per 4 decoded bytes of other files, rounded up', () => {
    const tenBytes = Buffer.alloc(10, 7).toString('base64');
    expect(estimateAttachmentTokens(file('application/pdf', { data: tenBytes }))).toBe(3);
    const megabyte = Buffer.alloc(1_000_000, 1).toString('base64');
    expect(estimateAttachmentTokens(file('audio/wav', { data: megabyte }))).toBe(250_000);
  });

  it('charges a flat amount for files known only by URL', () => {
    expect(URL_FILE_TOKENS).toBe(1_000);
    expect(estimateAttachmentTokens(file('application/pdf', { url: 'https://example.com/a.pdf' }))).toBe(
      1_000,
    );
    expect(estimateAttachmentTokens(file('text/plain', { url: 'https://example.com/a.txt' }))).toBe(1_000);
  });

  it('prices a file with an image media type as an image of unknown size', () => {
    const png = Buffer.alloc(100_000).toString('base64');
    expect(estimateAttachmentTokens(file('image/png', { data: png }))).toBe(765);
  });
});

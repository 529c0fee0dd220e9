import { describe, expect, it } from 'vitest';
import { createEchoIndex } from '../../../src/bench/reader/echoed-lines.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { makeItem, takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const plan =
  'user: For the thumbnails, resize them on upload with sharp and keep the originals in cold storage.';

describe('lexical reader: a line repeating earlier passages word for word', () => {
  it('is found after a lead-in, made of passages already read', () => {
    const index = createEchoIndex([plan, 'tool: [info] worker 3 processed batch 19 in 7 ms']);
    expect(index.repeats(`assistant: From what we have so far: ${plan}`)).toBe(true);
    expect(index.repeats(`assistant: Recap: ${plan} tool: [info] worker 3 processed batch 19 in 7 ms`)).toBe(
      true,
    );
    // A short passage repeated alone is found whole; a few letters are not enough to tell.
    index.add('src/thumbs.py');
    index.add('ok');
    expect(index.repeats('assistant: Going by the notes: src/thumbs.py')).toBe(true);
    expect(index.repeats('assistant: Going by the notes: ok')).toBe(false);
    // The writer's own colon is no lead-in, and a line that goes on with words of its own repeats nothing.
    expect(index.repeats(plan)).toBe(false);
    expect(
      index.repeats(
        `assistant: You wrote: ${plan} That clashes with the retention policy for user uploads, which says originals go after 30 days.`,
      ),
    ).toBe(false);
    expect(index.repeats('assistant: Noted: resize them on a worker instead.')).toBe(false);
  });

  it('is left out of the passages, the rest read as before', () => {
    const lines = { 20: plan, 90: `assistant: Going over the notes: ${plan}` };
    const parsed = parseArtifactText(transcriptArtifact(120, lines));
    const plain = parseArtifactText(transcriptArtifact(120, { 20: plan }));
    expect(parsed.passages.length).toBe(plain.passages.length - 1);
    expect(parsed.passages.filter((passage) => passage.text.includes('sharp')).map((p) => p.line)).toEqual([
      20,
    ]);
  });

  it('does not bring back a plan dropped since it was first said', async () => {
    const sessions =
      'user: Sessions live in Memcached for now. plan: keep each token there with a 30-minute expiry so the database sees fewer reads.';
    const lines = {
      20: sessions,
      60: 'user: Drop the Memcached idea, security wants every token checked against the database on each request. Look it up live.',
      100: `assistant: Going over the notes: ${sessions}`,
    };
    const answer = await takeOrRefuse(
      transcriptArtifact(130, lines),
      'store the token with a 30-minute expiry',
    );
    expect(answer.response).toMatch(/^I will not/);
    expect(answer.evidence[0]?.line).toBe(60);
  });

  it('does not make an old value the newest word on it', async () => {
    const lines = {
      20: 'user: Set the session timeout to 45 minutes for the admin console.',
      60: 'user: The admin console session timeout is now 15 minutes, audit asked for it.',
      100: 'assistant: Going over the notes: user: Set the session timeout to 45 minutes for the admin console.',
    };
    const answer = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(130, lines),
      item: makeItem({ prompt: 'What is the session timeout of the admin console?' }),
    });
    expect(answer.response).toContain('15 minutes');
    expect(answer.evidence.map((evidence) => evidence.line)).not.toContain(100);
  });
});

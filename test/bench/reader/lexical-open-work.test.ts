import { describe, expect, it } from 'vitest';
import { closingPassage } from '../../../src/bench/reader/closed-tasks.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const REQUEST =
  '[turn 0] user: the nightly pipeline fails on two steps: the Android build (Gradle sync error: could not resolve the plugin) and iOS signing (the provisioning profile expired). could you sort both out?';
const DROPPED =
  '[turn 9] user: no need to chase the Android build, we go iOS-only from March. the pipeline step gets deleted.';

describe('lexical reader: what is left is the work asked for less the work closed since', () => {
  it('answers from the request whose other part was dropped, not from the message dropping it', async () => {
    const artifactText = transcriptArtifact(160, {
      20: REQUEST,
      21: '[turn 0] assistant: Starting with the Android build.',
      40: '[turn 3] assistant: The Android build log is 900 lines; the build cache was cold.',
      100: DROPPED,
    });
    const item = makeItem({
      type: 'unresolved_task_continuity',
      prompt: 'Which pipeline step still needs fixing?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('iOS signing');
    expect(response).not.toContain('Android build');
  });

  it('reads a task as closed by the two words that name it, though each word alone is common', () => {
    const inserts: Record<number, string> = { 20: REQUEST, 100: DROPPED };
    for (let at = 0; at < 10; at++) {
      inserts[30 + at] = `[turn 2] tool run_command: android emulator ${at} booted`;
      inserts[50 + at] = `[turn 4] tool run_command: build ${4400 + at} passed in ${at + 3} min`;
    }
    const parsed = parseArtifactText(transcriptArtifact(160, inserts));
    const closing = closingPassage(parsed, 'the Android build (Gradle sync error', 19);
    expect(closing?.text).toBe(DROPPED);
    // Another thing that shares one of the two words is not closed by it.
    expect(closingPassage(parsed, 'the Android emulator image for tablets', 19)).toBeUndefined();
  });

  it('reads a task as closed by its words when they are rare for a long transcript, though in more than eight passages', () => {
    const inserts: Record<number, string> = {
      20: '[turn 0] user: review notes: extract the retry helper, and add a test for the timeout path.',
      2900: '[turn 90] user: the retry helper is premature with two callers, leave that as is.',
    };
    for (let at = 0; at < 12; at++) {
      inserts[100 + at * 150] =
        `[turn ${3 + at}] assistant: The retry helper in src/sync/queue-${at}.ts wraps the upload step.`;
    }
    const parsed = parseArtifactText(transcriptArtifact(3000, inserts));
    expect(closingPassage(parsed, 'extract the retry helper', 19)?.text).toBe(inserts[2900]);
  });
});

import { describe, expect, it } from 'vitest';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const proposal =
  '[turn 4] assistant: The exporter keeps timing out on the big tenants. Fastest fix is raising ' +
  'EXPORT_TIMEOUT_SECONDS=900 on the worker.';

describe('lexical reader: a proposal the user turns down in reply', () => {
  it("refuses what the assistant proposed when the user's reply turns it down, and takes the step agreed after", async () => {
    const artifactText = transcriptArtifact(120, {
      30: proposal,
      31: "[turn 5] user: I'm not comfortable with that one, long timeouts hide the real problem. page the export in batches.",
      32: "[turn 5] assistant: Okay, I'll page the export in batches of 5,000 rows instead.",
      33: '[turn 6] tool run_command (failed): src/export.py:9:1: UP006 Use `list` in place of `List`',
    });
    const result = await takeOrRefuse(artifactText, 'set EXPORT_TIMEOUT_SECONDS=900 on the export worker');
    expect(result.response).toMatch(
      /^I will not set EXPORT_TIMEOUT_SECONDS=900 on the export worker: .*not comfortable/,
    );
    expect(result.response).toContain("Next step: [turn 5] assistant: Okay, I'll page the export in batches");
  });

  it('takes it when the reply agrees, or when the "no" comes later about something else', async () => {
    const agreed = transcriptArtifact(120, {
      30: proposal,
      31: '[turn 5] user: sounds good, do it.',
    });
    expect((await takeOrRefuse(agreed, 'set EXPORT_TIMEOUT_SECONDS=900 on the export worker')).response).toBe(
      'Next step: set EXPORT_TIMEOUT_SECONDS=900 on the export worker.',
    );
    const later = transcriptArtifact(120, {
      30: proposal,
      31: '[turn 5] user: sounds good, do it.',
      60: '[turn 9] assistant: Shall I also rename the bucket?',
      61: "[turn 9] user: no, let's leave the bucket name.",
    });
    expect((await takeOrRefuse(later, 'set EXPORT_TIMEOUT_SECONDS=900 on the export worker')).response).toBe(
      'Next step: set EXPORT_TIMEOUT_SECONDS=900 on the export worker.',
    );
  });

  it("refuses to change what the notes say isn't ours to change, though the agent named it before", async () => {
    const artifactText = transcriptArtifact(120, {
      30: '[turn 4] tool run_command: panic: short read at vendor/zstd/lib/decompress.c:412',
      32: '[turn 4] assistant: It blows up inside vendor/zstd, called from pkg/codec/reader.go.',
      34: "[turn 5] user: vendor/zstd isn't ours to change, the sync script overwrites it. guard it on our side.",
    });
    const result = await takeOrRefuse(artifactText, 'add the length check to vendor/zstd/lib/decompress.c');
    expect(result.response).toMatch(
      /^I will not add the length check to vendor\/zstd\/lib\/decompress\.c: .*isn't ours/,
    );
  });
});

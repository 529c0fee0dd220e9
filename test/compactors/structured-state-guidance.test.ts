import { describe, expect, it } from 'vitest';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// What a guide, a file's comments or a refusing check tells the agent, kept whole with the paths, commands and
// names it carries. Every text here is written for this file.

const method = instantiateMethod(structuredStateMethod);

function readFile(path: string, content: string): Message[] {
  return [
    { role: 'user', content: 'Get me going on this.', turn: 0 },
    {
      role: 'assistant',
      content: 'Reading.',
      turn: 0,
      toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path } }],
    },
    { role: 'tool', toolCallId: 'r1', toolName: 'read_file', content, turn: 0 },
  ];
}
const compact = (transcript: Message[]) => method.compact({ transcript }, {});

describe('structured-state: what a guide says besides its cue-worded rules', () => {
  it('keeps the prose that explains a rule, with its paths and commands, as a fact', async () => {
    const guide = [
      '# Building',
      'The files in `api/stubs/` come out of `make stubs`, which reads `spec/openapi.yaml`.',
      'Run the linter before you push.',
    ].join('\n');
    const artifact = await compact(readFile('BUILDING.md', guide));
    expect(artifact.structuredState.immutableFacts).toContain(
      'The files in `api/stubs/` come out of `make stubs`, which reads `spec/openapi.yaml`. (read_file `BUILDING.md`)',
    );
  });

  it('keeps a short step with the sentence after it, and a labelled list item with its label', async () => {
    const runbook = [
      '1. Call storage-duty. Only the storage lead flips the primary, since two primaries corrupt the volume.',
      '',
      'Not part of this change:',
      '- the billing exports.',
    ].join('\n');
    const artifact = await compact(readFile('docs/flip-primary.md', runbook));
    const { forbiddenBehaviors } = artifact.structuredState;
    expect(forbiddenBehaviors).toContain(
      'Call storage-duty. Only the storage lead flips the primary, since two primaries corrupt the volume. (read_file `docs/flip-primary.md`)',
    );
    expect(renderArtifact(artifact)).toContain('Not part of this change: the billing exports.');
  });

  it('reads no log lines or compiler reports of a guide as its prose', async () => {
    const notes = [
      'level=info svc=sync msg="queue drained" n=31 took=12ms',
      'lib/a.py:8: error: Incompatible types in assignment (expression has type "str") [assignment]',
      'The nightly sync stays paused until the schema fix is out.',
      // Long enough not to be kept whole as a short output.
      ...Array.from({ length: 6 }, (_, at) => `level=debug svc=sync msg="tick" n=${at}`),
    ].join('\n');
    const text = renderArtifact(await compact(readFile('notes/handoff.md', notes)));
    expect(text).toContain('The nightly sync stays paused until the schema fix is out.');
    expect(text).not.toContain('queue drained');
    expect(text).not.toContain('Incompatible types');
  });
});

describe('structured-state: comments and refusals', () => {
  it('keeps a comment block whole when it says a choice is deliberate', async () => {
    const dockerfile = [
      '# The runtime is held at 3.9 on purpose: the codec wheels we vendor',
      '# are built for it. See docs/codecs.md before moving it.',
      'FROM runtime:3.9',
      '# install the app',
      'COPY . /srv',
      'RUN make deps',
      'EXPOSE 8080',
      'CMD ["./serve"]',
    ].join('\n');
    const artifact = await compact(readFile('deploy/Dockerfile', dockerfile));
    const text = renderArtifact(artifact);
    expect(text).toContain(
      'The runtime is held at 3.9 on purpose: the codec wheels we vendor are built for it.',
    );
    expect(text).toContain('See docs/codecs.md before moving it.');
    expect(text).not.toContain('install the app');
  });

  it('keeps what a refusing check requires as a rule', async () => {
    const output = [
      'guard-vendored........Failed',
      '- exit code: 1',
      'Files under third_party/ must be refreshed with tools/sync-vendor.sh, never edited in place.',
    ].join('\n');
    const artifact = await compact([
      { role: 'user', content: 'Commit the fix.', turn: 0 },
      {
        role: 'assistant',
        content: 'Committing.',
        turn: 0,
        toolCalls: [{ id: 'c1', name: 'bash', arguments: { command: 'git commit -am fix' } }],
      },
      { role: 'tool', toolCallId: 'c1', toolName: 'bash', content: output, turn: 0, isError: true },
    ]);
    expect(artifact.structuredState.forbiddenBehaviors).toContain(
      'Files under third_party/ must be refreshed with tools/sync-vendor.sh, never edited in place. (`git commit -am fix`)',
    );
  });
});

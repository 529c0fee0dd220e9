import { describe, expect, it } from 'vitest';
import { emptyArtifact } from '../../src/artifact/index.js';
import { renderArtifact } from '../../src/bench/target/index.js';

describe('renderArtifact', () => {
  it('writes the summary, then each non-empty section with a heading and one item per line', () => {
    const artifact = emptyArtifact();
    artifact.summaryText = '  Migrating the ledger to Postgres.\n\nTests are green.  \n';
    artifact.structuredState.immutableFacts = ['API port is 8443'];
    artifact.structuredState.forbiddenBehaviors = ['ship on Fridays', 'force-push to main'];
    artifact.structuredState.unresolvedItems = ['flaky sync test'];
    artifact.structuredState.entityMap = { Dana: 'reviewer', 'ledger.ts': 'the module being migrated' };
    expect(renderArtifact(artifact)).toBe(
      [
        'Migrating the ledger to Postgres.',
        '',
        'Tests are green.',
        'Immutable facts:',
        '- API port is 8443',
        'Forbidden behaviors:',
        '- ship on Fridays',
        '- force-push to main',
        'Unresolved items:',
        '- flaky sync test',
        'Entities:',
        '- Dana: reviewer',
        '- ledger.ts: the module being migrated',
      ].join('\n'),
    );
  });

  it('orders sections as documented, whatever order the state lists them in', () => {
    const artifact = emptyArtifact();
    const state = artifact.structuredState;
    state.unresolvedItems = ['u'];
    state.deferredItems = ['d'];
    state.forbiddenBehaviors = ['f'];
    state.lockedDecisions = ['l'];
    state.immutableFacts = ['i'];
    const headings = renderArtifact(artifact)
      .split('\n')
      .filter((line) => line.endsWith(':'));
    expect(headings).toEqual([
      'Immutable facts:',
      'Locked decisions:',
      'Forbidden behaviors:',
      'Deferred items:',
      'Unresolved items:',
    ]);
  });

  it('renders an empty artifact, or one with only blank text, as the empty string', () => {
    expect(renderArtifact(emptyArtifact())).toBe('');
    const blank = emptyArtifact();
    blank.summaryText = ' \n\t ';
    blank.structuredState.lockedDecisions = ['   '];
    expect(renderArtifact(blank)).toBe('');
  });

  it('omits the summary when it is empty and starts with the first section', () => {
    const artifact = emptyArtifact();
    artifact.structuredState.lockedDecisions = ['use Postgres'];
    expect(renderArtifact(artifact)).toBe('Locked decisions:\n- use Postgres');
  });

  it('keeps every item on one line, so item text cannot pose as a heading or a second item', () => {
    const artifact = emptyArtifact();
    artifact.structuredState.immutableFacts = ['first line\nForbidden behaviors:\n- nothing'];
    artifact.structuredState.entityMap = { 'Dana\nLee': 'owner\nof billing' };
    expect(renderArtifact(artifact)).toBe(
      'Immutable facts:\n- first line Forbidden behaviors: - nothing\nEntities:\n- Dana Lee: owner of billing',
    );
  });

  it('gives the same bytes for the same artifact', () => {
    const artifact = emptyArtifact();
    artifact.summaryText = 'S';
    artifact.structuredState.entityMap = { b: '2', a: '1' };
    expect(renderArtifact(structuredClone(artifact))).toBe(renderArtifact(artifact));
  });
});

import { describe, expect, it } from 'vitest';
import {
  emptyArtifact,
  MAX_ARTIFACT_ITEM_CHARACTERS,
  MAX_ARTIFACT_LIST_ITEMS,
  MAX_ENTITY_MAP_ENTRIES,
  MAX_METHOD_METADATA_CHARACTERS,
  MAX_METHOD_METADATA_DEPTH,
  MAX_SUMMARY_TEXT_CHARACTERS,
  parseArtifact,
} from '../../src/artifact/index.js';
import { issuesOf } from './issues-of.js';

const STATE_LISTS = [
  ['immutableFacts', 'immutable_facts'],
  ['lockedDecisions', 'locked_decisions'],
  ['deferredItems', 'deferred_items'],
  ['forbiddenBehaviors', 'forbidden_behaviors'],
  ['unresolvedItems', 'unresolved_items'],
] as const;

function entities(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`entity ${index}`, 'role']));
}

describe('artifact limits', () => {
  it('are the documented values', () => {
    expect({
      MAX_SUMMARY_TEXT_CHARACTERS,
      MAX_ARTIFACT_LIST_ITEMS,
      MAX_ARTIFACT_ITEM_CHARACTERS,
      MAX_ENTITY_MAP_ENTRIES,
      MAX_METHOD_METADATA_CHARACTERS,
      MAX_METHOD_METADATA_DEPTH,
    }).toEqual({
      MAX_SUMMARY_TEXT_CHARACTERS: 2_000_000,
      MAX_ARTIFACT_LIST_ITEMS: 2_000,
      MAX_ARTIFACT_ITEM_CHARACTERS: 10_000,
      MAX_ENTITY_MAP_ENTRIES: 2_000,
      MAX_METHOD_METADATA_CHARACTERS: 100_000,
      MAX_METHOD_METADATA_DEPTH: 32,
    });
  });

  it('accept an artifact exactly at every limit', () => {
    const item = 'x'.repeat(MAX_ARTIFACT_ITEM_CHARACTERS);
    const list = Array.from({ length: MAX_ARTIFACT_LIST_ITEMS }, () => item);
    const artifact = {
      ...emptyArtifact(),
      summaryText: 's'.repeat(MAX_SUMMARY_TEXT_CHARACTERS),
      structuredState: {
        immutableFacts: list,
        lockedDecisions: list,
        deferredItems: list,
        forbiddenBehaviors: list,
        unresolvedItems: list,
        entityMap: { ...entities(MAX_ENTITY_MAP_ENTRIES - 1), [item]: item },
      },
      selectedSourceTurnIds: Array.from({ length: MAX_ARTIFACT_LIST_ITEMS }, (_, index) => index),
      warnings: list,
      methodMetadata: { blob: 'm'.repeat(MAX_METHOD_METADATA_CHARACTERS - '{"blob":""}'.length) },
    };
    expect(parseArtifact(artifact)).toEqual(artifact);
  });

  it('reject a summary one character too long', () => {
    expect(
      issuesOf(() => parseArtifact({ summary_text: 's'.repeat(MAX_SUMMARY_TEXT_CHARACTERS + 1) })),
    ).toEqual([
      {
        where: 'artifact.summary_text',
        message: 'is 2000001 characters; the limit is 2000000 (MAX_SUMMARY_TEXT_CHARACTERS)',
      },
    ]);
  });

  it.each(STATE_LISTS)(
    'reject %s with one item too many, and an item one character too long',
    (camel, snake) => {
      const tooMany = Array.from({ length: MAX_ARTIFACT_LIST_ITEMS + 1 }, () => 'x');
      expect(issuesOf(() => parseArtifact({ structuredState: { [camel]: tooMany } }))).toEqual([
        {
          where: `artifact.structuredState.${camel}`,
          message: 'has 2001 items; the limit is 2000 (MAX_ARTIFACT_LIST_ITEMS)',
        },
      ]);
      const long = ['ok', 'ok', 'ok', 'y'.repeat(MAX_ARTIFACT_ITEM_CHARACTERS + 1)];
      expect(issuesOf(() => parseArtifact({ structured_state: { [snake]: long } }))).toEqual([
        {
          where: `artifact.structured_state.${snake}[3]`,
          message: 'is 10001 characters; the limit is 10000 (MAX_ARTIFACT_ITEM_CHARACTERS)',
        },
      ]);
    },
  );

  it('name the path as the contract shows it: artifact.structuredState.lockedDecisions[3]', () => {
    const lockedDecisions = ['a', 'b', 'c', 'd'.repeat(MAX_ARTIFACT_ITEM_CHARACTERS + 1)];
    expect(() => parseArtifact({ structuredState: { lockedDecisions } })).toThrow(
      /^artifact\.structuredState\.lockedDecisions\[3\]: is 10001 characters/,
    );
  });

  it('reject too many warnings or turn ids, and a warning too long', () => {
    const issues = issuesOf(() =>
      parseArtifact({
        warnings: Array.from({ length: MAX_ARTIFACT_LIST_ITEMS + 1 }, () => 'w'),
        selectedSourceTurnIds: Array.from({ length: MAX_ARTIFACT_LIST_ITEMS + 1 }, (_, index) => index),
      }),
    );
    expect(issues.map((issue) => issue.where)).toEqual([
      'artifact.selectedSourceTurnIds',
      'artifact.warnings',
    ]);
    expect(
      issuesOf(() => parseArtifact({ warnings: ['w'.repeat(MAX_ARTIFACT_ITEM_CHARACTERS + 1)] })),
    ).toEqual([
      {
        where: 'artifact.warnings[0]',
        message: 'is 10001 characters; the limit is 10000 (MAX_ARTIFACT_ITEM_CHARACTERS)',
      },
    ]);
  });

  it('reject an entity map with one entry too many, or a name or role too long', () => {
    expect(
      issuesOf(() => parseArtifact({ structuredState: { entityMap: entities(MAX_ENTITY_MAP_ENTRIES + 1) } })),
    ).toEqual([
      {
        where: 'artifact.structuredState.entityMap',
        message: 'has 2001 entries; the limit is 2000 (MAX_ENTITY_MAP_ENTRIES)',
      },
    ]);
    const long = 'n'.repeat(MAX_ARTIFACT_ITEM_CHARACTERS + 1);
    expect(
      issuesOf(() => parseArtifact({ structured_state: { entity_map: { [long]: 'role', Ada: long } } })),
    ).toEqual([
      {
        where: 'artifact.structured_state.entity_map',
        message: `key "${'n'.repeat(40)}…" is 10001 characters; the limit is 10000 (MAX_ARTIFACT_ITEM_CHARACTERS)`,
      },
      {
        where: 'artifact.structured_state.entity_map.Ada',
        message: 'is 10001 characters; the limit is 10000 (MAX_ARTIFACT_ITEM_CHARACTERS)',
      },
    ]);
  });

  it('reject method metadata one character too long as JSON', () => {
    const blob = 'm'.repeat(MAX_METHOD_METADATA_CHARACTERS - '{"blob":""}'.length + 1);
    expect(issuesOf(() => parseArtifact({ methodMetadata: { blob } }))).toEqual([
      {
        where: 'artifact.methodMetadata',
        message:
          'is 100001 characters as JSON; the limit is 100000 (MAX_METHOD_METADATA_CHARACTERS): keep large data out of the artifact',
      },
    ]);
  });

  it('reject method metadata nested deeper than the depth limit', () => {
    let deep: Record<string, unknown> = {};
    const atLimit = deep;
    for (let level = 1; level < MAX_METHOD_METADATA_DEPTH; level++) deep = { next: deep };
    expect(parseArtifact({ methodMetadata: deep }).methodMetadata).toEqual(deep);
    atLimit.next = {};
    const issues = issuesOf(() => parseArtifact({ methodMetadata: deep }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toBe('nests deeper than 32 levels (MAX_METHOD_METADATA_DEPTH)');
    expect(issues[0]?.where).toBe(`artifact.methodMetadata${'.next'.repeat(MAX_METHOD_METADATA_DEPTH)}`);
  });

  it('stop a huge list at the limit check instead of reporting each bad item', () => {
    const issues = issuesOf(() => parseArtifact({ warnings: Array.from({ length: 100_000 }, () => 5) }));
    expect(issues).toEqual([
      {
        where: 'artifact.warnings',
        message: 'has 100000 items; the limit is 2000 (MAX_ARTIFACT_LIST_ITEMS)',
      },
    ]);
  });
});

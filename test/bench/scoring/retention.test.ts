import { describe, expect, it } from 'vitest';
import type { CaseGroundTruth } from '../../../src/bench/case/types.js';
import { artifactRetention } from '../../../src/bench/scoring/retention.js';

const empty: CaseGroundTruth = {
  immutableFacts: [],
  lockedDecisions: [],
  forbiddenBehaviors: [],
  unresolvedItems: [],
  deferredItems: [],
  entityMap: {},
};

const carried = (groundTruth: Partial<CaseGroundTruth>, text: string) =>
  artifactRetention({ ...empty, ...groundTruth }, text).entries.map((entry) => entry.carried);

describe('artifactRetention', () => {
  it('keeps values exact and whole-word', () => {
    const facts = { immutableFacts: ['the API listens on port 8443'] };
    expect(carried(facts, 'The API listens on port 8443.')).toEqual([true]);
    expect(carried(facts, 'The API listens on port 18443.')).toEqual([false]);
    expect(carried(facts, 'The API listens on a port.')).toEqual([false]);
    expect(carried({ entityMap: { 'Dana Whitfield': 'primary_subject' } }, 'Dana leads it.')).toEqual([
      false,
    ]);
    expect(carried({ entityMap: { 'Dana Whitfield': 'primary_subject' } }, 'Dana Whitfield leads.')).toEqual([
      true,
    ]);
  });

  it('reads a labelled fact by its value, not its label', () => {
    expect(
      carried({ immutableFacts: ['topic: billing dashboard'] }, "Let's plan the billing dashboard."),
    ).toEqual([true]);
  });

  it('keeps a statement by its content words in one passage, reworded', () => {
    const facts = { immutableFacts: ['tracking issue PROJ-12, linked in every commit message'] };
    expect(carried(facts, 'The tracking issue is PROJ-12; link it in every commit message.')).toEqual([true]);
    // A value may come from another message; the words of a statement must meet in one passage.
    expect(carried(facts, 'Tracking issue: PROJ-12.\nLink it in every commit message.')).toEqual([true]);
    const rule = { lockedDecisions: ['release notes go out with every hotfix'] };
    expect(carried(rule, 'Release notes matter.\nEvery hotfix goes out fast.')).toEqual([false]);
    expect(carried(rule, 'Every hotfix goes out with its release notes.')).toEqual([true]);
  });

  it('needs a forbidden behaviour stated as a rejection', () => {
    const rule = { forbiddenBehaviors: ['push directly to main'] };
    expect(carried(rule, 'Never push directly to main.')).toEqual([true]);
    expect(carried(rule, 'Forbidden behaviors:\n- push directly to main')).toEqual([true]);
    expect(carried(rule, 'Next: push directly to main.')).toEqual([false]);
    expect(carried(rule, 'Pushing directly onto main is off the table.')).toEqual([true]);
    const superseded = { forbiddenBehaviors: ['2.4.1'] };
    expect(carried(superseded, "Let's pin 2.4.1.")).toEqual([false]);
    expect(carried(superseded, "Let's pin 2.4.1.\nPin 3.0.0 instead of 2.4.1.")).toEqual([true]);
  });

  it('keeps the negation of a decision worded with one', () => {
    const decision = { lockedDecisions: ['we will not release on Friday'] };
    expect(carried(decision, 'Decided: we will not release on Friday.')).toEqual([true]);
    expect(carried(decision, 'Decided: we release on Friday.')).toEqual([false]);
  });

  it('counts every entry and gives the share carried', () => {
    const retention = artifactRetention(
      { ...empty, immutableFacts: ['port 8443'], entityMap: { Ravi: 'owner' } },
      'Ravi owns it.',
    );
    expect(retention).toMatchObject({ carried: 1, total: 2, fraction: 0.5 });
    expect(artifactRetention(empty, '').fraction).toBe(1);
    expect(artifactRetention({ ...empty, immutableFacts: ['port 8443'] }, '').fraction).toBe(0);
  });
});

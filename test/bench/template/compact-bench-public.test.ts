import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCase } from '../../../src/bench/generate/index.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { planCases, runBench } from '../../../src/bench/runner/index.js';
import { loadSuite, suiteDifficultyWarnings } from '../../../src/bench/suites/index.js';
import { DIFFICULTIES, templateDifficulties } from '../../../src/bench/template/index.js';
import { hasValidToolPairs } from '../../../src/compaction/repair-tool-pairs.js';
import { nullCompactor, oracleCompactor } from '../../../src/compactors/index.js';
import { openStore } from '../../../src/store/index.js';
import { COMPACT_BENCH_PUBLIC, HAS_COMPACT_BENCH, SKIP_REASON } from './compact-bench-data.js';

/** The skip reason goes in the title, so a skipped run says why. */
const title = (text: string) => (HAS_COMPACT_BENCH ? text : `${text} (skipped: ${SKIP_REASON})`);

describe.skipIf(!HAS_COMPACT_BENCH)(
  title("CompactBench's 24 public templates, as CompactBench lays them out"),
  () => {
    it('generate at every difficulty each declares: items filled, filler added, tool calls paired', async () => {
      const suite = await loadSuite(COMPACT_BENCH_PUBLIC);
      expect(suite.templates).toHaveLength(24);
      let cases = 0;
      for (const { path, template } of suite.templates) {
        const levels = templateDifficulties(template);
        // The starter set stops at hard; elite_practice declares every level.
        expect(levels, path).toEqual(
          path.includes('/starter/') ? ['easy', 'medium', 'hard'] : [...DIFFICULTIES],
        );
        for (const difficulty of levels) {
          const benchCase = generateCase(template, {
            suite: suite.key,
            suiteVersion: suite.version,
            difficulty,
            seedGroup: '0',
            slot: 0,
          });
          const where = `${template.key} ${difficulty}`;
          expect(
            benchCase.items.map((item) => item.key),
            where,
          ).toEqual(template.evaluationItems.map((item) => item.key));
          // Filler may hold `${{ … }}` (a CI workflow file); a template's own placeholders must all be filled.
          const names = [...template.variables.map((variable) => variable.name), 'difficulty\\.\\w+'];
          const left = new RegExp(`\\{\\{\\s*(${names.join('|')})\\s*\\}\\}`).exec(JSON.stringify(benchCase));
          expect(left?.[0], where).toBeUndefined();
          expect(benchCase.transcript.length, where).toBeGreaterThan(template.transcript.turns.length);
          expect(hasValidToolPairs(benchCase.transcript), where).toBe(true);
          cases++;
        }
      }
      expect(cases).toBe(20 * 4 + 4 * 3);
    }, 120_000);

    it('plan every declared level, skip the rest with a warning per starter template', async () => {
      const suite = await loadSuite(COMPACT_BENCH_PUBLIC);
      const planned = planCases({ suite, difficulties: DIFFICULTIES, cases: 1, seedGroup: '0' });
      expect(planned).toHaveLength(20 * 4 + 4 * 3);
      const warnings = suiteDifficultyWarnings(suite, { difficulties: DIFFICULTIES });
      expect(warnings.map((warning) => warning.message.split(' ')[1])).toEqual([
        'buried_constraint_starter_v1',
        'decision_override_starter_v1',
        'entity_confusion_starter_v1',
        'reference_resolution_starter_v1',
      ]);
    });

    it('run end to end through the oracle and null controls, every case complete', async () => {
      const suite = await loadSuite(COMPACT_BENCH_PUBLIC);
      const store = openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-public-')), 'store.db') });
      try {
        for (const compactor of [oracleCompactor, nullCompactor]) {
          const result = await runBench({
            store,
            compactor,
            suite,
            difficulties: ['easy'],
            cases: 1,
            seedGroup: '0',
            cycles: 1,
            driftMode: 'incremental',
            target: createLexicalTarget(),
            tier: '2x',
          });
          expect(result.run.status, compactor.name).toBe('complete');
          const { cases } = store.readRun(result.run.id);
          expect(cases).toHaveLength(24);
          for (const record of cases) {
            const template = suite.templates.find(({ template: entry }) =>
              record.caseKey.startsWith(`${entry.key}@`),
            )?.template;
            expect(record.status, record.caseKey).toBe('complete');
            expect(record.verdicts, record.caseKey).toHaveLength(2 * (template?.evaluationItems.length ?? 0));
          }
        }
      } finally {
        store.close();
      }
    }, 120_000);
  },
);

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './median.js';

/** Medians of the evaluation pipeline's own overhead over `runs` fresh processes (100k examples each). */
export function measureEvaluateThroughput(runs: number, examples = 100_000) {
  const results: { ms: number; cpuMs: number; peakRssMb: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./evaluate-run.ts', import.meta.url)), String(examples)],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`evaluate-run.ts failed: ${child.stderr}`);
    results.push(JSON.parse(child.stdout) as { ms: number; cpuMs: number; peakRssMb: number });
  }
  const examplesPerSecond = median(results.map((result) => (examples / result.ms) * 1000));
  // CPU time as well as wall time: on a shared machine the wall figure measures the neighbours too.
  const examplesPerCpuSecond = median(results.map((result) => (examples / result.cpuMs) * 1000));
  const peakRssMb = median(results.map((result) => result.peakRssMb));
  return {
    input: `${examples} in-memory QA examples, identity system, AnswerQuality, default metrics, maxWorkers 8, fresh process per run`,
    runs,
    medianExamplesPerSecond: Math.round(examplesPerSecond),
    medianExamplesPerCpuSecond: Math.round(examplesPerCpuSecond),
    medianPeakRssMb: Number(peakRssMb.toFixed(1)),
    target: '>= 20,000 examples/s and < 500 MB RSS',
    pass: examplesPerSecond >= 20_000 && peakRssMb < 500,
  };
}

// One fresh process: evaluate 100k in-memory examples with the identity system and AnswerQuality, printing
// the wall time and peak RSS as JSON. `evaluate-throughput.ts` runs it several times and takes medians.
import { answerQuality, evaluate, identitySystem } from '../src/evaluate/index.js';

const count = Number(process.argv[2] ?? 100_000);
const examples = Array.from({ length: count }, (_, index) => ({
  id: index,
  context: `Record ${index}: the shipment left warehouse ${index % 97} on day ${index % 31}.`,
  question: `Which warehouse did shipment ${index} leave?`,
  answer: `warehouse ${index % 97}`,
}));
const start = performance.now();
const cpuStart = process.cpuUsage();
const result = await evaluate({
  systems: [identitySystem()],
  dataset: examples,
  evaluators: [answerQuality()],
  maxWorkers: 8,
});
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
if (result.rows.length !== count) throw new Error(`expected ${count} rows, got ${result.rows.length}`);
process.stdout.write(
  JSON.stringify({ ms, cpuMs, peakRssMb: process.resourceUsage().maxRSS / 1024, rows: result.rows.length }),
);

// Child process of perf/probes-perf.ts: reads one session file in a fresh process and prints time and peak RSS.
import { readSession } from '../src/sessions/index.js';

const path = process.argv[2] as string;
const start = performance.now();
const session = await readSession(path);
const ms = performance.now() - start;
process.stdout.write(
  JSON.stringify({ ms, messages: session.messages.length, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
);

import type { BenchProgress } from '../bench/runner/index.js';

/** A progress bar with ETA on stderr: redrawn in place on a terminal, a line per 10% otherwise. */
export function createProgressBar(
  label: string,
  unit = 'cases',
): {
  update: (progress: BenchProgress) => void;
  finish: () => void;
} {
  const stream = process.stderr;
  const interactive = stream.isTTY === true;
  let lastDecile = -1;
  let drawn = false;
  return {
    update(progress) {
      const fraction = progress.total === 0 ? 1 : progress.done / progress.total;
      const text = describe(label, progress, fraction, unit);
      if (interactive) {
        stream.write(`\r${text}\u001b[K`);
        drawn = true;
        return;
      }
      const decile = Math.floor(fraction * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        stream.write(`${text}\n`);
      }
    },
    finish() {
      if (interactive && drawn) stream.write('\n');
    },
  };
}

function describe(label: string, progress: BenchProgress, fraction: number, unit: string): string {
  const width = 24;
  const filled = Math.round(fraction * width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  const failed = progress.failed > 0 ? `, ${progress.failed} failed` : '';
  const resumed = progress.skipped > 0 ? `, ${progress.skipped} from the resumed run` : '';
  const eta = progress.etaMs === undefined ? '' : ` · ETA ${formatDuration(progress.etaMs)}`;
  return `${label} [${bar}] ${progress.done}/${progress.total} ${unit}${failed}${resumed} · ${formatDuration(progress.elapsedMs)}${eta}`;
}

/** `1m 05s`, `12s`, `0.4s`. */
export function formatDuration(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)}s`;
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(Math.round(seconds - minutes * 60)).padStart(2, '0')}s`;
}

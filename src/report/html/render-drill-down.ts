import type {
  ReportCase,
  ReportCaseOutcome,
  ReportCycle,
  ReportItem,
  ReportMessage,
} from '../report-data.js';
import { escapeHtml } from './escape-html.js';

function cutNote(cut: number): string {
  return cut > 0 ? `\n… ${cut.toLocaleString('en-US')} more characters` : '';
}

function messageHtml(message: ReportMessage): string {
  const turn = message.turn === null ? '' : `turn ${message.turn} · `;
  return `<div class="message ${escapeHtml(message.role)}"><div class="who">${turn}${escapeHtml(message.label)}</div><pre>${escapeHtml(message.text + cutNote(message.cut))}</pre></div>`;
}

function passes(item: ReportItem): boolean {
  return item.score === 1 && !item.violation;
}

/**
 * What a case has already shown, so that text repeated across methods and cycles is shown once and named
 * after that: the same artifact head, the same response with the same verdict, the same drift turn. Six
 * methods over three cycles of one case mostly repeat each other, and the report would otherwise run to
 * tens of megabytes.
 */
interface Shown {
  /** Item key, prompt and expected value, first seen order: the case's item table. */
  items: Map<string, ReportItem>;
  /** The user turn of each drift cycle, as the case's table of turns shows it. */
  userTurns: Map<number, string>;
  /** Where each shown artifact text (as cut) was first shown. */
  artifacts: Map<string, string>;
  /** Where each item's response and verdict was first shown, keyed by item, response, score and violation. */
  answers: Map<string, string>;
  /** Where each reply to a drift turn was first shown. */
  replies: Map<string, string>;
}

function answerKey(item: ReportItem): string {
  return JSON.stringify([item.key, item.response, item.score, item.violation]);
}

function itemTable(items: readonly ReportItem[], expected: (item: ReportItem) => string): string {
  const rows = items
    .map((item) => {
      const verdict = item.violation ? 'violation' : passes(item) ? 'pass' : 'fail';
      // A pass's reason is mostly the expected value again, which the case's item table already shows.
      const reason = item.reason === expected(item) ? '' : escapeHtml(item.reason);
      return `<tr><td><code>${escapeHtml(item.key)}</code></td><td>${escapeHtml(item.response)}</td><td class="${verdict === 'pass' ? 'pass' : 'fail'}">${verdict}</td><td>${reason}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Item</th><th>Response</th><th>Verdict</th><th>Reason</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function legendHtml(shown: Shown): string {
  const items = [...shown.items.values()];
  const rows = items
    .map(
      (item) =>
        `<tr><td><code>${escapeHtml(item.key)}</code><br><span class="muted">${escapeHtml(item.type)}</span></td><td>${escapeHtml(item.prompt)}</td><td>${escapeHtml(item.expected)}</td></tr>`,
    )
    .join('');
  const turns = [...shown.userTurns]
    .map(([cycle, turn]) => `<br><b>Cycle ${cycle}, user:</b> ${escapeHtml(turn)}`)
    .join('');
  const table =
    items.length === 0
      ? ''
      : `<table><thead><tr><th>Item</th><th>Prompt</th><th>Expected</th></tr></thead><tbody>${rows}</tbody></table>`;
  return `${table}${turns === '' ? '' : `<p class="muted">Drift turns added after each compaction:${turns}</p>`}`;
}

function cycleHtml(
  cycle: ReportCycle,
  previous: ReportCycle | undefined,
  where: string,
  shown: Shown,
): string {
  const userTurn =
    cycle.userTurn === null || shown.userTurns.get(cycle.cycle) === cycle.userTurn
      ? ''
      : `<b>User:</b> ${escapeHtml(cycle.userTurn)}<br>`;
  const reply = cycle.reply ?? '';
  const replyFirst = shown.replies.get(reply);
  if (replyFirst === undefined) shown.replies.set(reply, where);
  const turn =
    cycle.userTurn === null
      ? ''
      : replyFirst === undefined
        ? `<p>${userTurn}<b>Reply from the previous notes:</b> ${escapeHtml(reply)}</p>`
        : `<p class="muted">${userTurn}Reply from the previous notes: as for ${escapeHtml(replyFirst)}.</p>`;
  const warnings =
    cycle.warnings.length === 0
      ? ''
      : `<p class="muted">Warnings: ${cycle.warnings.map(escapeHtml).join('; ')}</p>`;
  // Every item is shown once: an item whose response and verdict are those of the cycle before, or of an
  // answer shown earlier in the case, is only named; the failing ones are open, the passing ones folded.
  const same = (item: ReportItem) => {
    const before = previous?.items.find((candidate) => candidate.key === item.key);
    return (
      before !== undefined &&
      before.response === item.response &&
      before.score === item.score &&
      before.violation === item.violation
    );
  };
  const unchanged = cycle.items.filter(same);
  const elsewhere = new Map<string, ReportItem[]>();
  const shownHere: ReportItem[] = [];
  for (const item of cycle.items.filter((candidate) => !same(candidate))) {
    const first = shown.answers.get(answerKey(item));
    if (first === undefined) {
      shown.answers.set(answerKey(item), where);
      shownHere.push(item);
    } else elsewhere.set(first, [...(elsewhere.get(first) ?? []), item]);
  }
  const expected = (item: ReportItem) => shown.items.get(item.key)?.expected ?? item.expected;
  const failing = shownHere.filter((item) => !passes(item));
  const passing = shownHere.filter(passes);
  const names = (items: readonly ReportItem[]) => items.map((item) => escapeHtml(item.key)).join(', ');
  const repeated =
    unchanged.length === 0 || previous === undefined
      ? ''
      : `<p class="muted">Same answer and verdict as in cycle ${previous.cycle}: ${names(unchanged)}</p>`;
  const repeatedElsewhere = [...elsewhere]
    .map(
      ([first, items]) =>
        `<p class="muted">Same answer and verdict as ${escapeHtml(first)}: ${names(items)}</p>`,
    )
    .join('');
  const failed = failing.length === 0 ? '' : itemTable(failing, expected);
  const passed =
    passing.length === 0
      ? ''
      : `<details><summary class="pass">Passed: ${passing.map((item) => escapeHtml(item.key)).join(', ')}</summary>${itemTable(passing, expected)}</details>`;
  const tokens =
    cycle.artifactTokens === null ? '' : ` · ${cycle.artifactTokens.toLocaleString('en-US')} tokens`;
  const passCount = cycle.items.filter(passes).length;
  return `<h4>Cycle ${cycle.cycle} · ${passCount}/${cycle.items.length} items passed${tokens}</h4>${turn}${artifactHtml(cycle, previous, where, shown)}${warnings}${failed}${passed}${repeated}${repeatedElsewhere}`;
}

function artifactHtml(
  cycle: ReportCycle,
  previous: ReportCycle | undefined,
  where: string,
  shown: Shown,
): string {
  // A method that kept its artifact across a cycle would otherwise repeat it whole.
  if (
    previous !== undefined &&
    previous.artifactDigest !== '' &&
    previous.artifactDigest === cycle.artifactDigest
  ) {
    return `<p class="muted">Artifact unchanged since cycle ${previous.cycle}.</p>`;
  }
  // Drift cycles that append, and methods that keep the transcript's head, share the shown part.
  const first = cycle.artifactText === '' ? undefined : shown.artifacts.get(cycle.artifactText);
  if (first !== undefined) {
    const rest = cycle.artifactCut > 0 ? ` + ${cycle.artifactCut.toLocaleString('en-US')} characters` : '';
    return `<p class="muted">Artifact: as shown for ${escapeHtml(first)}${rest}.</p>`;
  }
  if (cycle.artifactText !== '') shown.artifacts.set(cycle.artifactText, where);
  return `<details><summary>Artifact as the target saw it</summary><pre>${escapeHtml(cycle.artifactText + cutNote(cycle.artifactCut)) || '(empty)'}</pre></details>`;
}

function outcomeHtml(outcome: ReportCaseOutcome, shown: Shown): string {
  const error = outcome.error === null ? '' : `<p class="fail">Failed: ${escapeHtml(outcome.error)}</p>`;
  const cycles = outcome.cycles.map((cycle, index) =>
    cycleHtml(cycle, outcome.cycles[index - 1], `${outcome.method}, cycle ${cycle.cycle}`, shown),
  );
  return `<details><summary>${escapeHtml(outcome.method)} · ${escapeHtml(outcome.status)}</summary>${error}${cycles.join('')}</details>`;
}

/** The case's items and drift turns, gathered from every outcome (they are the case's, not a method's). */
function caseShown(reportCase: ReportCase): Shown {
  const shown: Shown = {
    items: new Map(),
    userTurns: new Map(),
    artifacts: new Map(),
    answers: new Map(),
    replies: new Map(),
  };
  for (const outcome of reportCase.outcomes) {
    for (const cycle of outcome.cycles) {
      if (cycle.userTurn !== null && !shown.userTurns.has(cycle.cycle)) {
        shown.userTurns.set(cycle.cycle, cycle.userTurn);
      }
      for (const item of cycle.items) if (!shown.items.has(item.key)) shown.items.set(item.key, item);
    }
  }
  return shown;
}

function passSummary(outcome: ReportCaseOutcome): string {
  const items = outcome.cycles.flatMap((cycle) => cycle.items);
  if (outcome.status !== 'complete') return `${escapeHtml(outcome.method)} failed`;
  const passed = items.filter((item) => item.score === 1 && !item.violation).length;
  return `${escapeHtml(outcome.method)} ${passed}/${items.length}`;
}

/** One case: its transcript (collapsed) and, per run, each cycle's artifact and every item with its verdict. */
export function renderCase(reportCase: ReportCase): string {
  const tokens =
    reportCase.transcriptTokens === null
      ? ''
      : ` · ${reportCase.transcriptTokens.toLocaleString('en-US')} tokens`;
  const transcript =
    reportCase.transcript === null
      ? `<p class="muted">Transcript not shown: ${escapeHtml(reportCase.transcriptNote)}</p>`
      : `<details><summary>Transcript (${reportCase.transcript.length} messages${reportCase.transcriptNote ? `; ${escapeHtml(reportCase.transcriptNote)}` : ''})</summary>${reportCase.transcript.map(messageHtml).join('')}</details>`;
  const shown = caseShown(reportCase);
  const legend = legendHtml(shown);
  const outcomes = reportCase.outcomes.map((outcome) => outcomeHtml(outcome, shown)).join('');
  return `<details class="case" id="case-${escapeHtml(reportCase.caseKey.replace(/[^\w.-]/g, '-'))}"><summary><code>${escapeHtml(reportCase.caseKey)}</code> · ${escapeHtml(reportCase.family)} · ${escapeHtml(reportCase.difficulty)}${tokens} — <span class="muted">${reportCase.outcomes.map(passSummary).join(' · ')}</span></summary>${transcript}${legend}${outcomes}</details>`;
}

/** Every case, grouped by family. */
export function renderDrillDown(cases: readonly ReportCase[]): string {
  if (cases.length === 0) return '';
  const families = [...new Set(cases.map((entry) => entry.family))];
  const groups = families.map((family) => {
    const members = cases.filter((entry) => entry.family === family);
    return `<h3>${escapeHtml(family)} (${members.length} cases)</h3>${members.map(renderCase).join('\n')}`;
  });
  return `<h2 id="cases">Cases</h2><p class="note">Each case opens to its transcript, its items (prompt and what is expected) and drift turns, and, per method, each cycle's artifact and every item's response, verdict and why. Failing items are open, passing ones folded; text shown once in a case (an artifact's head, an answer with its verdict) is named after that, not repeated.</p>${groups.join('\n')}`;
}

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

function itemTable(items: readonly ReportItem[]): string {
  const rows = items
    .map((item) => {
      const verdict = item.violation ? 'violation' : passes(item) ? 'pass' : 'fail';
      return `<tr><td><code>${escapeHtml(item.key)}</code><br><span class="muted">${escapeHtml(item.type)}</span></td><td>${escapeHtml(item.prompt)}</td><td>${escapeHtml(item.response)}</td><td>${escapeHtml(item.expected)}</td><td class="${verdict === 'pass' ? 'pass' : 'fail'}">${verdict}</td><td>${escapeHtml(item.reason)}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Item</th><th>Prompt</th><th>Response</th><th>Expected</th><th>Verdict</th><th>Reason</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function cycleHtml(cycle: ReportCycle, previous: ReportCycle | undefined): string {
  const turn =
    cycle.userTurn === null
      ? ''
      : `<p><b>User:</b> ${escapeHtml(cycle.userTurn)}<br><b>Reply from the previous notes:</b> ${escapeHtml(cycle.reply ?? '')}</p>`;
  const warnings =
    cycle.warnings.length === 0
      ? ''
      : `<p class="muted">Warnings: ${cycle.warnings.map(escapeHtml).join('; ')}</p>`;
  // Every item is shown once: an item whose response and verdict are those of the cycle before is only
  // named, the failing ones are open, the passing ones folded (a report of every item of every method and
  // cycle in full would run to tens of megabytes).
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
  const shown = cycle.items.filter((item) => !same(item));
  const failing = shown.filter((item) => !passes(item));
  const passing = shown.filter(passes);
  const repeated =
    unchanged.length === 0 || previous === undefined
      ? ''
      : `<p class="muted">Same response and verdict as in cycle ${previous.cycle}: ${unchanged.map((item) => `<code>${escapeHtml(item.key)}</code>`).join(', ')}</p>`;
  const failed = failing.length === 0 ? '' : itemTable(failing);
  const passed =
    passing.length === 0
      ? ''
      : `<details><summary class="pass">Passed: ${passing.map((item) => escapeHtml(item.key)).join(', ')}</summary>${itemTable(passing)}</details>`;
  const tokens =
    cycle.artifactTokens === null ? '' : ` · ${cycle.artifactTokens.toLocaleString('en-US')} tokens`;
  // A method that kept its artifact across a cycle would otherwise repeat it whole.
  const artifact =
    previous !== undefined &&
    previous.artifactDigest !== '' &&
    previous.artifactDigest === cycle.artifactDigest
      ? `<p class="muted">Artifact unchanged since cycle ${previous.cycle}.</p>`
      : `<details><summary>Artifact as the target saw it</summary><pre>${escapeHtml(cycle.artifactText + cutNote(cycle.artifactCut)) || '(empty)'}</pre></details>`;
  const passCount = cycle.items.filter(passes).length;
  return `<h4>Cycle ${cycle.cycle} · ${passCount}/${cycle.items.length} items passed${tokens}</h4>${turn}${artifact}${warnings}${failed}${passed}${repeated}`;
}

function outcomeHtml(outcome: ReportCaseOutcome): string {
  const error = outcome.error === null ? '' : `<p class="fail">Failed: ${escapeHtml(outcome.error)}</p>`;
  return `<details><summary>${escapeHtml(outcome.method)} · ${escapeHtml(outcome.status)}</summary>${error}${outcome.cycles.map((cycle, index) => cycleHtml(cycle, outcome.cycles[index - 1])).join('')}</details>`;
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
  return `<details class="case" id="case-${escapeHtml(reportCase.caseKey.replace(/[^\w.-]/g, '-'))}"><summary><code>${escapeHtml(reportCase.caseKey)}</code> · ${escapeHtml(reportCase.family)} · ${escapeHtml(reportCase.difficulty)}${tokens} — <span class="muted">${reportCase.outcomes.map(passSummary).join(' · ')}</span></summary>${transcript}${reportCase.outcomes.map(outcomeHtml).join('')}</details>`;
}

/** Every case, grouped by family. */
export function renderDrillDown(cases: readonly ReportCase[]): string {
  if (cases.length === 0) return '';
  const families = [...new Set(cases.map((entry) => entry.family))];
  const groups = families.map((family) => {
    const members = cases.filter((entry) => entry.family === family);
    return `<h3>${escapeHtml(family)} (${members.length} cases)</h3>${members.map(renderCase).join('\n')}`;
  });
  return `<h2 id="cases">Cases</h2><p class="note">Each case opens to its transcript and, per method, each cycle's artifact and every item: the prompt, the response, what was expected, the verdict and why. Failing items are open, passing ones folded, and an item answered as in the cycle before is named only.</p>${groups.join('\n')}`;
}

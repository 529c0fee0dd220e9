import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { CompactkitError } from '../../errors.js';
import { escapeHtml } from '../html/escape-html.js';
import { CHART_CONFIG, FONT, PLOT_WIDTH } from './chart-theme.js';

/** Options every chart takes. */
export interface ChartOptions {
  /** Prefix of the chart's SVG element ids; give each chart on a page its own. Defaults to the chart's kind. */
  chartId?: string;
}

/** Renders a vega-lite spec as static inline SVG: ids `<chartId>-<n>`, no xmlns, a title and aria-label. */
export async function renderChart(spec: TopLevelSpec, chartId: string): Promise<string> {
  assertChartId(chartId);
  useEstimatedTextWidths();
  const view = new vega.View(vega.parse(compile(spec, { config: CHART_CONFIG }).spec), { renderer: 'none' });
  try {
    return finishSvg(await view.toSVG(), chartId, titleOf(spec), spec.description);
  } finally {
    view.finalize();
  }
}

/** A small static SVG saying that a chart has no data. */
export function noDataChart(title: string): string {
  const name = escapeHtml(`${title}: no data`);
  return (
    `<svg class="chart" role="img" aria-label="${name}" width="${PLOT_WIDTH}" height="40" ` +
    `viewBox="0 0 ${PLOT_WIDTH} 40"><title>${name}</title><text x="8" y="25" font-family="${FONT}" ` +
    `font-size="13px" fill="#555">${name}</text></svg>`
  );
}

function assertChartId(chartId: string): void {
  if (!/^[A-Za-z][\w-]*$/.test(chartId)) {
    throw new CompactkitError(
      'invalid_input',
      `chart id ${JSON.stringify(chartId)} cannot prefix SVG ids: use a letter followed by letters, digits, - or _`,
    );
  }
}

function titleOf(spec: TopLevelSpec): string {
  const title = typeof spec.title === 'object' && !Array.isArray(spec.title) ? spec.title.text : spec.title;
  if (typeof title === 'string') return title;
  return Array.isArray(title) ? title.join(' ') : 'Chart';
}

interface TextMetrics {
  width: (item: { fontSize?: number; limit?: number }, text?: unknown) => number;
}

/**
 * Vega measures text with node-canvas when it is installed, else with a rough 0.8em per character. Either way
 * the page's browser measures differently; a fixed 0.6em per character (close to system-ui) keeps layout the
 * same on every machine and wastes less room beside long method names. Capped at a label's limit because
 * vega truncates such labels.
 */
function useEstimatedTextWidths(): void {
  const metrics = (vega as unknown as { textMetrics?: TextMetrics }).textMetrics;
  if (metrics === undefined) return;
  metrics.width = (item, text) => {
    const size = item.fontSize ?? 11;
    const width = Math.ceil(0.6 * size * String(text ?? '').trim().length);
    return item.limit !== undefined && item.limit > 0 ? Math.min(width, item.limit) : width;
  };
}

// Attributes whose value may be `url(#id)`; a plain `#…` there is a colour.
const URL_ATTRIBUTES = new Set(['clip-path', 'fill', 'stroke', 'mask', 'filter']);
// Geometry vega writes with full float noise (25.200000000000003); hundredths of a pixel are plenty.
const GEOMETRY_ATTRIBUTES = new Set(['d', 'transform', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'width', 'height']);

function finishSvg(svg: string, chartId: string, title: string, description: string | undefined): string {
  const open = /^<svg ([^>]*)>/.exec(svg);
  if (open === null) throw new Error(`vega returned no <svg> element for chart ${chartId}`);
  const size = [...(open[1] ?? '').matchAll(/\b(?:width|height|viewBox)="[^"]*"/g)].map((match) => match[0]);
  // Vega numbers clip paths and gradients with process-wide counters, and a page holds several charts: ids are
  // renumbered per chart in order of appearance, so the same input gives the same bytes.
  const renamed = new Map<string, string>();
  const rename = (id: string): string => {
    let next = renamed.get(id);
    if (next === undefined) {
      next = `${chartId}-${renamed.size + 1}`;
      renamed.set(id, next);
    }
    return next;
  };
  // Vega escapes <, > and & in text and attributes, so every < and > left in the markup belongs to a tag.
  const body = svg
    .slice(open[0].length)
    // Zero-size backgrounds and hidden foregrounds of groups: only interactive views need them.
    .replace(/<path class="(?:background|foreground)" aria-hidden="true" d="(?:M0,0h0v0h0Z)?"[^>]*\/>/g, '')
    // Axis labels vega hid to avoid overlaps.
    .replace(/<text [^>]* opacity="0"[^>]*>[^<]*<\/text>/g, '')
    .replace(/<[^>]+>/g, (tag) =>
      tag.replace(/ ([\w:-]+)="([^"]*)"/g, (attribute, name: string, value: string) => {
        if (name === 'pointer-events' || (name === 'opacity' && value === '1')) return '';
        // Set once on the root instead of on every text.
        if (name === 'font-family' && value === FONT) return '';
        if (GEOMETRY_ATTRIBUTES.has(name)) return ` ${name}="${roundNumbers(value)}"`;
        if (name === 'id') return ` id="${rename(value)}"`;
        const url = URL_ATTRIBUTES.has(name) ? /^url\(#(.+)\)$/.exec(value) : null;
        if (url?.[1] !== undefined) return ` ${name}="url(#${rename(url[1])})"`;
        if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) {
          return ` ${name}="#${rename(value.slice(1))}"`;
        }
        return attribute;
      }),
    );
  const label = escapeHtml(description ?? title);
  // No xmlns: HTML needs none, and its URL is the only one vega writes.
  return (
    `<svg class="chart" role="img" aria-label="${label}" ${size.join(' ')} font-family="${FONT}">` +
    `<title>${escapeHtml(title)}</title>${body}`
  );
}

function roundNumbers(value: string): string {
  return value.replace(/\d+\.\d{3,}/g, (number) => String(Number(Number(number).toFixed(2))));
}

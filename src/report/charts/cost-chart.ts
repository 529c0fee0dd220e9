import type { TopLevelSpec } from 'vega-lite';
import { BAND_HEIGHT, COLORS, PLOT_WIDTH } from './chart-theme.js';
import { type ChartOptions, renderChart } from './render-chart.js';

/** Model usage of one method that called a model: total cost, total latency and the number of calls. */
export interface CostRow {
  method: string;
  /** Null when any call had no known price: shown as "cost unknown", never as 0. */
  costUsd: number | null;
  latencyMs: number;
  calls: number;
}

const TITLE = 'Model cost and latency';
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumSignificantDigits: 3,
});
const MILLISECONDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const PANEL_WIDTH = Math.round(PLOT_WIDTH / 2) - 20;

type ConcatPanel = Extract<TopLevelSpec, { hconcat: unknown }>['hconcat'][number];

interface PanelPart {
  title: string;
  field: 'costX' | 'latencyX';
  text: 'costText' | 'latencyText';
  /** Vega expression true for rows that have a value to draw as a bar. */
  hasValue: string;
  maximum: number;
  format: string;
  showMethods: boolean;
}

/** Cost and latency-per-call bars of the methods that used a model; '' when none did. */
export async function costLatencyChart(
  rows: readonly CostRow[],
  options: ChartOptions = {},
): Promise<string> {
  if (rows.length === 0) return '';
  const values = rows.map((row) => {
    const perCall = row.calls > 0 ? row.latencyMs / row.calls : null;
    const costText = row.costUsd === null ? 'cost unknown' : USD.format(row.costUsd);
    const latencyText = perCall === null ? 'no calls' : `${MILLISECONDS.format(perCall)} ms`;
    return {
      method: row.method,
      costUsd: row.costUsd,
      costX: row.costUsd ?? 0,
      costText,
      perCall,
      latencyX: perCall ?? 0,
      latencyText,
      label: `${row.method}: ${costText}, ${latencyText} per call over ${row.calls} call${row.calls === 1 ? '' : 's'}`,
    };
  });
  const methods = [...new Set(rows.map((row) => row.method))];
  const y = { field: 'method', type: 'nominal', sort: methods, title: null } as const;
  // Headroom past the longest bar for its value label.
  const costMaximum = Math.max(0, ...values.map((row) => row.costX)) * 1.1 || 1;
  const latencyMaximum = Math.max(0, ...values.map((row) => row.latencyX)) * 1.1 || 1;
  const panel = (part: PanelPart): ConcatPanel => ({
    title: { text: part.title, fontSize: 12, fontWeight: 'normal' },
    width: PANEL_WIDTH,
    height: { step: BAND_HEIGHT },
    data: { values },
    encoding: {
      y: part.showMethods ? y : { ...y, axis: null },
      x: {
        field: part.field,
        type: 'quantitative',
        scale: { domain: [0, part.maximum] },
        axis: { format: part.format, tickCount: 4 },
        title: null,
      },
    },
    layer: [
      // Unknown costs get no bar at all: a zero-length bar would read as free.
      {
        transform: [{ filter: part.hasValue }],
        mark: { type: 'bar', color: COLORS.good },
        encoding: { description: { field: 'label' } },
      },
      { mark: { type: 'text', align: 'left', dx: 4 }, encoding: { text: { field: part.text } } },
    ],
  });
  const spec: TopLevelSpec = {
    title: TITLE,
    description:
      `Model cost and mean latency per call of ${rows.length} method${rows.length === 1 ? '' : 's'}: ` +
      values.map((row) => row.label).join('; '),
    spacing: 40,
    hconcat: [
      panel({
        title: 'total cost (USD)',
        field: 'costX',
        text: 'costText',
        hasValue: 'datum.costUsd !== null',
        maximum: costMaximum,
        format: '$.2~g',
        showMethods: true,
      }),
      panel({
        title: 'latency per call (ms)',
        field: 'latencyX',
        text: 'latencyText',
        hasValue: 'datum.perCall !== null',
        maximum: latencyMaximum,
        format: ',.0f',
        showMethods: false,
      }),
    ],
  };
  return renderChart(spec, options.chartId ?? 'cost-latency');
}

import type { EvalRow } from './types.js';

/** One flat record per row (scores as `score.<name>`, metadata as `meta.<name>`), for any dataframe library. */
export type FlatRecord = Record<string, string | number | boolean | null>;

/** What `evaluate()` returns: every row in stable order, per-system summaries, timings and the run config. */
export class EvalResult {
  /** Rows grouped by system (in the order systems were given), then in dataset order. */
  readonly rows: readonly EvalRow[];
  /** system -> figure name -> value. */
  readonly summary: Readonly<Record<string, Record<string, number>>>;
  /** system -> wall-clock seconds of its pass over the dataset. */
  readonly timing: Readonly<Record<string, number>>;
  /** The run's parameters: systems and their configs, dataset, evaluators, metrics, workers, store run ids. */
  readonly config: Readonly<Record<string, unknown>>;

  constructor(fields: {
    rows: readonly EvalRow[];
    summary: Record<string, Record<string, number>>;
    timing: Record<string, number>;
    config: Record<string, unknown>;
  }) {
    this.rows = fields.rows;
    this.summary = fields.summary;
    this.timing = fields.timing;
    this.config = fields.config;
  }

  /** The result restricted to one system (its rows, summary and timing). */
  filter(criteria: { system: string }): EvalResult {
    const pick = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
      criteria.system in record ? { [criteria.system]: record[criteria.system] as T } : {};
    return new EvalResult({
      rows: this.rows.filter((row) => row.system === criteria.system),
      summary: pick(this.summary),
      timing: pick(this.timing),
      config: this.config,
    });
  }

  /** The whole result as one JSON document (non-finite numbers become null, as JSON has no NaN). */
  toJSON(): {
    rows: EvalRow[];
    summary: Record<string, Record<string, number | null>>;
    timing: Record<string, number>;
    config: Record<string, unknown>;
  } {
    const summary: Record<string, Record<string, number | null>> = {};
    for (const [system, figures] of Object.entries(this.summary))
      summary[system] = Object.fromEntries(
        Object.entries(figures).map(([name, value]) => [name, Number.isFinite(value) ? value : null]),
      );
    return { rows: [...this.rows], summary, timing: { ...this.timing }, config: { ...this.config } };
  }

  /** One JSON line per row. */
  toJSONL(): string {
    return this.rows.map((row) => `${JSON.stringify(row)}\n`).join('');
  }

  /** Flat rows: fixed columns first, then every score and metadata field seen, sorted. */
  toRecords(): FlatRecord[] {
    return this.rows.map((row) => {
      const record: FlatRecord = {
        system: row.system,
        example_id: row.exampleId,
        dataset: row.dataset,
        input_tokens: row.inputTokens,
        output_tokens: row.outputTokens,
        context_tokens: row.contextTokens.original,
        processed_context_tokens: row.contextTokens.processed ?? null,
        latency: row.latency,
        error: row.error ? `${row.error.code}: ${row.error.message}` : null,
      };
      for (const [name, value] of Object.entries(row.scores)) record[`score.${name}`] = value;
      for (const [name, value] of Object.entries(row.metadata)) {
        record[`meta.${name}`] =
          value === null || ['string', 'number', 'boolean'].includes(typeof value)
            ? (value as string | number | boolean | null)
            : JSON.stringify(value);
      }
      return record;
    });
  }

  /** RFC 4180 CSV of `toRecords()`, with a header naming every column of any row. */
  toCSV(): string {
    const records = this.toRecords();
    const columns: string[] = [];
    const seen = new Set<string>();
    for (const record of records)
      for (const column of Object.keys(record))
        if (!seen.has(column)) {
          seen.add(column);
          columns.push(column);
        }
    const cell = (value: string | number | boolean | null | undefined): string => {
      if (value === null || value === undefined) return '';
      const text = String(value);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
    const lines = [columns.map(cell).join(',')];
    for (const record of records) lines.push(columns.map((column) => cell(record[column])).join(','));
    return `${lines.join('\r\n')}\r\n`;
  }
}

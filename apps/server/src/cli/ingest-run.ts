import {
  API_BASE,
  ApiErrorBodySchema,
  ENDPOINTS,
  INGEST_MAX_BATCH,
  IngestAnswerSchema,
  ingestAlertSchemaOf,
  isWidgetKey,
  type WidgetKey,
} from '@portal/domain';
import { countRows, readRows } from './ingest-rows.ts';

/** What the importer was asked to do. */
export interface IngestOptions {
  file: string;
  widget: string;
  url: string;
  key: string;
  batchSize?: number;
}

/** A row that was not written, and why. */
export interface Rejected {
  row: number;
  reason: string;
}

export interface IngestSummary {
  read: number;
  created: number;
  updated: number;
  archived: number;
  unchanged: number;
  rejected: Rejected[];
}

/** Where progress goes (a bar on a terminal; nothing in tests). */
export interface Progress {
  start(total: number): void;
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { start() {}, update() {}, stop() {} };

async function postBatch(options: IngestOptions, widget: WidgetKey, alerts: unknown[]) {
  const url = new URL(`${API_BASE}${ENDPOINTS.ingest.replace(':key', widget)}`, options.url);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ alerts }),
  });
  const body: unknown = await response.json().catch(() => ({}));
  if (response.ok) return { ok: true as const, answer: IngestAnswerSchema.parse(body) };
  const error = ApiErrorBodySchema.safeParse(body);
  return {
    ok: false as const,
    status: response.status,
    message: error.success ? error.data.message : `HTTP ${response.status}`,
    fields: error.success ? (error.data.fields ?? {}) : {},
  };
}

/**
 * Reads the file row by row, checks each with the widget's ingest schema (the server's own), and posts the good
 * rows in batches. A bad row is reported and left out; a batch the server refuses is reported row by row.
 */
export async function runIngest(options: IngestOptions, progress: Progress = silent): Promise<IngestSummary> {
  if (!isWidgetKey(options.widget)) throw new Error(`Unknown widget "${options.widget}".`);
  const widget: WidgetKey = options.widget;
  const schema = ingestAlertSchemaOf(widget);
  const size = Math.min(options.batchSize ?? 500, INGEST_MAX_BATCH);
  const summary: IngestSummary = { read: 0, created: 0, updated: 0, archived: 0, unchanged: 0, rejected: [] };
  progress.start(await countRows(options.file));
  let batch: { row: number; alert: unknown }[] = [];

  const flush = async () => {
    let sent = batch;
    batch = [];
    while (sent.length > 0) {
      const result = await postBatch(
        options,
        widget,
        sent.map((s) => s.alert),
      );
      if (result.ok) {
        summary.created += result.answer.created;
        summary.updated += result.answer.updated;
        summary.archived += result.answer.archived;
        summary.unchanged += result.answer.unchanged;
        return;
      }
      if (result.status === 401) throw new Error(result.message);
      // The server refuses a batch whole for one row (another pharmacy's facility, say) and names it as
      // alerts.{index}.{field}: that row is rejected and the rest of the batch is sent again, so one bad row never
      // takes 499 good ones with it, and the reason is told by field as the local check tells it.
      const blamed = Object.entries(result.fields)
        .map(([name, message]) => ({ match: /^alerts\.(\d+)\.(.+)$/.exec(name), message }))
        .find(({ match }) => match !== null && sent[Number(match[1])] !== undefined);
      if (!blamed?.match) {
        for (const item of sent)
          summary.rejected.push({ row: item.row, reason: `batch refused: ${result.message}` });
        return;
      }
      const index = Number(blamed.match[1]);
      summary.rejected.push({ row: sent[index]?.row ?? 0, reason: `${blamed.match[2]}: ${blamed.message}` });
      sent = sent.filter((_, i) => i !== index);
    }
  };

  // The file's row of each _internalUUID: a repeat is rejected here with both row numbers, where the server could
  // name only positions within one batch, or, across batches, would take the later row as an update.
  const rowOfUuid = new Map<string, number>();
  for await (const { row, value } of readRows(options.file)) {
    summary.read += 1;
    const parsed = schema.safeParse(value);
    const first = parsed.success ? rowOfUuid.get(parsed.data._internalUUID.toLowerCase()) : undefined;
    if (first !== undefined) summary.rejected.push({ row, reason: `_internalUUID: repeats row ${first}` });
    else if (parsed.success) {
      rowOfUuid.set(parsed.data._internalUUID.toLowerCase(), row);
      batch.push({ row, alert: value });
    } else {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'row';
      summary.rejected.push({ row, reason: `${field}: ${issue?.message ?? 'invalid'}` });
    }
    if (batch.length >= size) await flush();
    progress.update(summary.read);
  }
  await flush();
  progress.stop();
  summary.rejected.sort((a, b) => a.row - b.row);
  return summary;
}

/** The summary as people read it. */
export function formatSummary(summary: IngestSummary): string {
  const lines = [
    `Read ${summary.read} rows: ${summary.created} created, ${summary.updated} updated, ${summary.archived} archived, ` +
      `${summary.unchanged} unchanged, ${summary.rejected.length} rejected.`,
  ];
  for (const r of summary.rejected) lines.push(`  row ${r.row}: ${r.reason}`);
  return lines.join('\n');
}

import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { formatSummary, runIngest } from './ingest-run.ts';

const USAGE = `Usage: npm run ingest -- FILE.csv|FILE.json|FILE.ndjson --widget KEY [--url URL] [--key KEY]

Posts the file's alerts to the portal's ingest API (POST /api/ingest/KEY) in batches of up to 500.
  --widget  widget key: highCost, highCostAlerts, openBatch, nonCovered, priorAuth, theraInt,
            admissionMeds, patMissing, refillTooSoon, pumpPickup, narcoticsRefill
  --url     the portal (default http://127.0.0.1:8080)
  --key     the pharmacy API key (cpk_...); or set INGEST_API_KEY, which keeps it out of the process list`;

/** The command line: argument parsing, a progress bar on stderr, the summary on stdout, exit 1 when rows failed. */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      widget: { type: 'string' },
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const key = values.key ?? process.env.INGEST_API_KEY;
  const [file] = positionals;
  if (values.help || !file || !values.widget || !key) {
    console.error(USAGE);
    process.exit(2);
  }
  const bar = new SingleBar({ format: 'ingest [{bar}] {value}/{total} rows', stream: process.stderr });
  const summary = await runIngest(
    { file, widget: values.widget, url: values.url, key },
    {
      start: (total) => bar.start(total, 0),
      update: (done) => bar.update(done),
      stop: () => bar.stop(),
    },
  );
  console.log(formatSummary(summary));
  process.exit(summary.rejected.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});

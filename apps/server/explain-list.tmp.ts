import { widgetByKey } from '@portal/domain';
import { PgDialect } from 'drizzle-orm/pg-core';
import { runListStatement } from './src/features/alerts/list-statement.ts';
import { sortColumnsOf } from './src/features/alerts/sorting.ts';
import { inlineStatement } from '../../bench/load/pgbench.ts';

const [email, archived] = [process.argv[2] ?? 'bench.fac200@bench.test', process.argv[3] === 'archive'];
const widget = widgetByKey('highCost');
let text = '';
const db = {
  execute: async (q: never) => {
    const query = new PgDialect().sqlToQuery(q);
    text = inlineStatement({ text: query.sql, values: query.params });
    return { rows: [] };
  },
};
await runListStatement(db as never, {
  token: `explain-${email}`,
  policy: { idleMinutes: 600000, maxHours: 24 },
  now: new Date(),
  widget,
  only: undefined,
  isArchived: archived,
  sort: sortColumnsOf(widget.key)[widget.defaultSort] as never,
  direction: archived ? 'desc' : 'asc',
  limit: 100,
  after: null,
  offset: 0,
});
console.log(`${text};`);

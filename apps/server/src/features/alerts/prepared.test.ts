import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { executePrepared } from './prepared.ts';

// The embedded database (PGlite) runs the hot path's statements as named ones too (fix 16 in bench/README.md).
describe('executePrepared on PGlite', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({});
  });

  afterAll(async () => {
    await database.close();
  });

  const statement = (text: string, params: unknown[]) => ({ sql: text, params });
  const client = () => Reflect.get(database.db, '$client') as PGlite;

  it('parses a statement once, under its name, and binds each call its own values', async () => {
    const text = 'select $1::int + 1 as "next", $2::text as "word", $3::timestamptz as "at"';
    const first = await executePrepared<{ next: number; word: string; at: Date }>(
      database.db,
      statement(text, [41, 'one', '2026-11-29T04:00:00.000Z']),
      'test_named',
    );
    const second = await executePrepared<{ next: number; word: string | null }>(
      database.db,
      statement(text, [1, null, null]),
      'test_named',
    );
    expect(first).toEqual([{ next: 42, word: 'one', at: new Date('2026-11-29T04:00:00.000Z') }]);
    expect(second).toEqual([{ next: 2, word: null, at: null }]);
    const named = (await client().query(
      "select name, statement from pg_prepared_statements where name like 'test_named_%'",
    )) as { rows: { name: string; statement: string }[] };
    expect(named.rows).toHaveLength(1);
    expect(named.rows[0]?.statement).toBe(text);
  });

  it('answers an error as an error, and the next call runs', async () => {
    const text = 'select $1::int as "n"';
    await expect(
      executePrepared(database.db, statement(text, ['not a number']), 'test_error'),
    ).rejects.toThrow(/invalid input syntax/);
    expect(await executePrepared(database.db, statement(text, [7]), 'test_error')).toEqual([{ n: 7 }]);
    // A statement that does not parse is not remembered: nothing was prepared under its name.
    await expect(executePrepared(database.db, statement('selec 1', []), 'test_bad')).rejects.toThrow();
    await expect(executePrepared(database.db, statement('selec 1', []), 'test_bad')).rejects.toThrow(
      /syntax error/,
    );
  });

  it('waits for a transaction another caller holds, and never runs inside it', async () => {
    await client().query('create table if not exists prepared_probe (n int)');
    const text = 'select count(*)::int as "n" from prepared_probe';
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute('insert into prepared_probe values (1)');
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    // Asked while the transaction holds an uncommitted row: run inside it, it would count that row.
    let answered = false;
    const during = executePrepared<{ n: number }>(database.db, statement(text, []), 'test_tx').then(
      (rows) => {
        answered = true;
        return rows;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await transaction).toBe('rolled back');
    expect(await during).toEqual([{ n: 0 }]);
  });
});

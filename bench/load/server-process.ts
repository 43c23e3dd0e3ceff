import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@portal/server/src/app.ts';
import { loadConfig } from '@portal/server/src/config.ts';
import { type Database, openDatabase } from '@portal/server/src/db/client.ts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { notifyProbe } from './notify-probe.ts';
import { type ChildOptions, type Request, type Statement, summarise } from './server-protocol.ts';

/**
 * A server under test in its own process, so its CPU time (process.cpuUsage) is its alone and the load generator
 * does not share its event loop. `app` is the real portal (buildApp); `naive` is the baseline: node:http and
 * pg, one statement per request, rows straight into JSON.stringify. The parent drives it over IPC.
 */
const options: ChildOptions = JSON.parse(process.argv[2] ?? '{}');

type Run = (text: string, values: unknown[]) => Promise<unknown>;

async function startApp(database: Database): Promise<{ port: number; app: FastifyInstance }> {
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: options.logLevel, SEED: 'none' },
    {
      webDist: options.webDist ?? null,
      ...(options.renderThreads === undefined ? {} : { renderThreads: options.renderThreads }),
    },
  );
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, app };
}

async function startNaive(pool: pg.Pool, statements: Map<string, Statement>): Promise<number> {
  const server = createServer((req, res) => {
    const statement = statements.get((req.url ?? '').replace(/^\/q\//, ''));
    if (!statement) {
      res.writeHead(404).end();
      return;
    }
    pool.query(statement.text, [...statement.values]).then(
      (result) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result.rows));
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * The driver's query function, wrapped so `capture` can record every statement an inject runs. On PostgreSQL the
 * wrap is on pg.Client itself, so statements inside transactions (sent on a checked-out client) are seen too.
 */
function driverOf(database: Database): { run: Run; record: (on: Statement[] | null) => void } {
  let recording: Statement[] | null = null;
  const owner: { query: QueryFn } = database.pool ? pg.Client.prototype : Reflect.get(database.db, '$client');
  const original = owner.query;
  owner.query = function (this: unknown, ...args: unknown[]) {
    // drizzle hands node-postgres a config object ({ text }) and PGlite the text; the values come second.
    const [first, values] = args;
    const text = typeof first === 'string' ? first : String(Reflect.get(Object(first), 'text') ?? '');
    recording?.push({ text, values: Array.isArray(values) ? values : [] });
    return original.apply(this, args);
  };
  if (!database.pool) {
    // PGlite runs the hot path's statements by name through its protocol (features/alerts/prepared.ts), not
    // through query: each Bind is one statement, whose text its Parse named (a C string after the name).
    const client = owner as unknown as {
      execProtocolStream: (message: Uint8Array, ...rest: unknown[]) => unknown;
    };
    const send = client.execProtocolStream;
    const texts = new Map<string, string>();
    const cString = (bytes: Uint8Array, from: number) => {
      const end = bytes.indexOf(0, from);
      return { value: Buffer.from(bytes.subarray(from, end)).toString('utf8'), next: end + 1 };
    };
    client.execProtocolStream = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
      // Parse: 'P', length (4), statement name, text. Bind: 'B', length (4), portal name, statement name.
      if (message[0] === 0x50) {
        const name = cString(message, 5);
        texts.set(name.value, cString(message, name.next).value);
      } else if (message[0] === 0x42) {
        const statement = cString(message, cString(message, 5).next).value;
        if (statement) recording?.push({ text: texts.get(statement) ?? statement, values: [] });
      }
      return send.apply(this, [message, ...rest]);
    };
  }
  const target = database.pool ?? owner;
  return {
    run: async (text, values) => target.query(text, values),
    record: (on) => {
      recording = on;
    },
  };
}

async function main(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: options.pgliteDir,
    poolSize: options.poolSize,
  });
  const driver = driverOf(database);
  const statements = new Map<string, Statement>();
  let app: FastifyInstance | null = null;
  let port: number;
  if (options.kind === 'naive') {
    if (!database.pool) throw new Error('the naive route runs on PostgreSQL only');
    port = await startNaive(database.pool, statements);
  } else {
    ({ port, app } = await startApp(database));
  }
  process.on('message', (message: Request) => {
    handle(message).then(
      (result) => process.send?.({ id: message.id, result }),
      (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
    );
  });

  async function handle(message: Request): Promise<unknown> {
    switch (message.type) {
      case 'cpu':
        return process.cpuUsage();
      case 'statements':
        for (const [key, statement] of Object.entries(message.statements)) statements.set(key, statement);
        return null;
      case 'capture': {
        if (!app) throw new Error('capture needs the app');
        const seen: Statement[] = [];
        driver.record(seen);
        try {
          const response = await app.inject({
            method: message.method,
            url: message.url,
            headers: message.headers,
            ...(message.payload ? { payload: message.payload } : {}),
          });
          return { status: response.statusCode, body: response.body, statements: seen };
        } finally {
          driver.record(null);
        }
      }
      case 'bare': {
        // Sequential, like one client: the database's own latency for the statement, no HTTP, no mapping.
        const times: number[] = [];
        const end = performance.now() + message.seconds * 1000;
        while (performance.now() < end && times.length < message.maxCount) {
          const start = performance.now();
          await driver.run(message.statement.text, [...message.statement.values]);
          times.push(performance.now() - start);
        }
        return summarise(times, message.seconds);
      }
      case 'query': {
        const result = await driver.run(message.statement.text, [...message.statement.values]);
        return Reflect.get(result as object, 'rows');
      }
      case 'notify-probe':
        return notifyProbe(database, message.listeners, message.count);
      case 'close':
        await app?.close();
        // Requests the load generator abandoned at the end of a run may still be in the handler; give them a
        // moment before the pool goes, so they finish instead of logging "Cannot use a pool after end".
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await database.close();
        setImmediate(() => process.exit(0));
        return null;
    }
  }
  process.send?.({ type: 'ready', port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { setFlagsFromString } from 'node:v8';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { startDatabase } from './platform/db/client.ts';
import v8Flags from './v8-flags.json' with { type: 'json' };

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One pino JSON record as a line a person reads: time, level, message, and the request when there is one. */
function readableLogLine(json: string): string {
  const record = JSON.parse(json) as {
    time: number;
    level: number;
    msg: string;
    req?: { method: string; url: string };
    res?: { statusCode: number };
    responseTime?: number;
    err?: { stack?: string };
  };
  const parts = [
    new Date(record.time).toISOString(),
    (LEVELS[record.level] ?? String(record.level)).padEnd(5),
    record.msg,
  ];
  if (record.req) parts.push(`${record.req.method} ${record.req.url}`);
  if (record.res) parts.push(`${record.res.statusCode} in ${record.responseTime?.toFixed(1)} ms`);
  return `${parts.join(' ')}${record.err?.stack ? `\n${record.err.stack}` : ''}\n`;
}

function readConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Switchyard cannot start: ${error.message}\n`);
    process.exit(1);
  }
}

/** Milliseconds since the process started: the start-up log line says where the time went. */
const sinceStart = () => Math.round(performance.now());
const config = readConfig();

if (config.authType === 'none') {
  console.warn(
    [
      '',
      '************************************************************************',
      '*  WARNING: AUTH_TYPE=none. Authentication is OFF.                      *',
      '*  Every request to this server acts as an ADMIN, with no sign-in.     *',
      '*  Anyone who can reach it can change or delete everything.            *',
      '*  Use this only on a trusted machine; set AUTH_TYPE=password otherwise.*',
      '************************************************************************',
      '',
    ].join('\n'),
  );
}

function cannotOpen(error: unknown): never {
  const where = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : `the data folder ${config.dataDir}`;
  process.stderr.write(`Switchyard cannot start: could not open ${where}: ${(error as Error).message}\n`);
  process.exit(1);
}

/** Opens the database, builds the app and listens; prints the first admin's credentials when this start made it. */
async function start(): Promise<void> {
  // PGlite's WebAssembly: V8 moves a function to its optimising compiler after ~1.8 MB of its code ran, which during
  // start-up is hundreds of functions run once, compiled on the other core (~0.5 s of CPU); 100 MB leaves that to
  // the functions that stay hot. Each function is validated when first compiled, not all 9 MB before the database
  // can open (~0.25 s of CPU). Read when PGlite's module is compiled, so set before the database opens; the same
  // list is set by scripts/start.mjs before it compiles the bundle (V8 refuses a code cache made under other flags).
  for (const flag of v8Flags) setFlagsFromString(flag);

  // PGlite's WebAssembly compiles on other threads while this one loads the app's modules (Fastify and its plugins,
  // every domain); PGlite then opens while the app is built. Requests wait for `ready`.
  const starting = startDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  starting.catch(() => {}); // awaited once the modules are loaded
  const [{ buildApp }, { prepareInstance }] = await Promise.all([import('./app.ts'), import('./startup.ts')]);
  const modulesLoaded = sinceStart();
  const database = await starting.catch(cannotOpen);

  // Logs are JSON lines (for log collectors) unless a person is watching the terminal.
  const logStream = process.stdout.isTTY
    ? { write: (line: string) => process.stdout.write(readableLogLine(line)) }
    : undefined;
  const app = await buildApp(config, database.db, {
    logger: { level: process.env.LOG_LEVEL ?? 'info', ...(logStream && { stream: logStream }) },
    compileSchemas: 'on-first-use',
    distDir: config.consoleDir,
  });
  const appBuilt = sinceStart();
  await database.ready.catch(cannotOpen);
  const databaseReady = sinceStart();
  const admin = await prepareInstance({ db: database.db, config });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    process.stderr.write(`Switchyard cannot start: ${(error as Error).message}\n`);
    await database.close();
    process.exit(1);
  }
  app.log.info(
    `started in ${sinceStart()} ms: modules loaded at ${modulesLoaded} ms, app built at ${appBuilt} ms, ` +
      `database open and migrated at ${databaseReady} ms`,
  );
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where =
    database.driver === 'postgres' ? 'PostgreSQL from DATABASE_URL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nSwitchyard is running at http://${shownHost}:${config.port}${config.baseUriPath}/ (data: ${where})`);
  if (admin) {
    const password = admin.password ?? '(the value of UNLEASH_DEFAULT_ADMIN_PASSWORD)';
    console.log(
      [
        '',
        'Created the first admin user. Sign in with:',
        `  username: ${admin.username}`,
        `  password: ${password}`,
        'This is printed only once: change the password after signing in.',
        '',
      ].join('\n'),
    );
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * Resolves once the server listens (scripts/start.mjs then keeps V8's code cache of the bundle). The server starts
 * as this module loads, from the bundle and from source (`tsx server/main.ts`) alike.
 */
export const started = start();

import { buildApp } from './app.ts';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareInstance } from './startup.ts';

function readConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Switchyard cannot start: ${error.message}\n`);
    process.exit(1);
  }
}

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

let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  const where = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : `the data folder ${config.dataDir}`;
  process.stderr.write(`Switchyard cannot start: could not open ${where}: ${(error as Error).message}\n`);
  process.exit(1);
}

const app = await buildApp(config, database.db, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await prepareInstance({ db: database.db, config }, app.log);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  process.stderr.write(`Switchyard cannot start: ${(error as Error).message}\n`);
  await database.close();
  process.exit(1);
}
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(
  `Switchyard is running at http://${shownHost}:${config.port}${config.baseUriPath}/ ` +
    `(database: ${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: closing`);
  try {
    await app.close();
  } finally {
    await database!.close();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

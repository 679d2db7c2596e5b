// `npm start`: builds the console and the server only when they are missing or older than their sources, then runs
// the built server (dist-server/main.js) in this same process.
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { buildChanged, serverBundle } from './build.mjs';

try {
  await buildChanged();
} catch (error) {
  process.stderr.write(`Switchyard cannot start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
await import(pathToFileURL(serverBundle).href);

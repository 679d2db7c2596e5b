// `npm start`: builds the console and the server only when they are missing or older than their sources, then runs
// the built server (dist-server/main.cjs) in this same process, compiled with V8's code cache of its last start.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { buildChanged, root, serverBundle } from './build.mjs';

try {
  await buildChanged();
} catch (error) {
  process.stderr.write(`Switchyard cannot start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}

// V8 refuses a code cache made under other flags: server/main.ts sets these (for PGlite's WebAssembly) before the
// database opens, so they are set here first, before the bundle is compiled and before its cache is made.
for (const flag of JSON.parse(readFileSync(join(root, 'server', 'v8-flags.json'), 'utf8'))) setFlagsFromString(flag);

/**
 * V8's code cache of the bundle: its functions as compiled by the last start (~1,400 modules' worth), which V8 uses
 * instead of parsing and compiling them again when it matches the bundle and the flags; rejected otherwise.
 */
const cacheFile = `${serverBundle}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined; // none yet: this start makes it
}
const script = new Script(Module.wrap(readFileSync(serverBundle, 'utf8')), { filename: serverBundle, cachedData });
const bundle = { exports: {} };
script.runInThisContext()(bundle.exports, createRequire(serverBundle), bundle, serverBundle, dirname(serverBundle));
await bundle.exports.started;

// Made once the server listens, so that it holds every function start-up compiled.
if (cachedData === undefined || script.cachedDataRejected) {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile); // atomic: a server starting meanwhile reads the old cache or the new one
  } catch (error) {
    rmSync(partial, { force: true });
    process.stderr.write(
      `Could not save the code cache ${cacheFile}: ${error instanceof Error ? error.message : error}\n`,
    );
  }
}

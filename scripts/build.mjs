// Builds the console (Vite, into dist/) and the server (esbuild, server/main.ts into dist-server/main.cjs).
//   node scripts/build.mjs            both, unconditionally (npm run build)
//   node scripts/build.mjs --changed  only what is missing or older than its sources
// Plain JavaScript, so that `npm start` (scripts/start.mjs) runs without a TypeScript loader.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverOut = join(root, 'dist-server');
export const serverBundle = join(serverOut, 'main.cjs');
const consoleIndex = join(root, 'dist', 'index.html');
/** What each build was made from: every input's size and mtime, written after the build succeeds. */
const stamps = { server: join(serverOut, 'server.sources.json'), console: join(serverOut, 'console.sources.json') };

/**
 * Packages left in node_modules: PGlite (its WebAssembly and data are found from its ES module's URL), argon2 (a
 * native addon) and node-postgres (loaded only with DATABASE_URL). Everything else the server imports (Fastify and
 * its plugins, typebox, drizzle-orm, yaml: ~1,400 modules) is bundled, so Node neither resolves, stats nor compiles
 * each one, and V8's code cache covers it (scripts/start.mjs).
 */
const NOT_BUNDLED = ['@electric-sql/pglite', '@node-rs/argon2', 'pg'];

/** The console's inputs: its sources (not its tests), the static files, and the build's configuration. */
function consoleInputs() {
  const files = ['index.html', 'manifest.webmanifest', 'vite.config.ts', 'tsconfig.json', 'package.json'];
  files.push('package-lock.json');
  for (const dir of ['src', 'contract', 'public']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.test\.tsx?$|^test-setup\.ts$/.test(entry.name)) continue;
      files.push(relative(root, join(entry.parentPath ?? entry.path, entry.name)));
    }
  }
  return files;
}

/** Size and mtime of each file (null when missing), by path relative to the repository. */
function snapshot(files) {
  const state = {};
  for (const file of files) {
    try {
      const stat = statSync(join(root, file));
      state[file.split(sep).join('/')] = [stat.size, stat.mtimeMs];
    } catch {
      state[file.split(sep).join('/')] = null;
    }
  }
  return state;
}

function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function writeStamp(file, state) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state));
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The server is current when every input recorded at its last build (esbuild's own list) is unchanged. */
export function serverIsCurrent() {
  const stamp = readStamp(stamps.server);
  return existsSync(serverBundle) && stamp !== undefined && same(stamp, snapshot(Object.keys(stamp)));
}

/**
 * The console is current when its inputs are those of its last build by this script, or, when dist/ was built by
 * other means (`vite build`), when no input is newer than dist/index.html and none was added or removed since.
 */
export function consoleIsCurrent() {
  if (!existsSync(consoleIndex)) return false;
  const state = snapshot(consoleInputs());
  const stamp = readStamp(stamps.console);
  if (stamp !== undefined && same(stamp, state)) return true;
  const built = statSync(consoleIndex).mtimeMs;
  const current = Object.values(state).every((entry) => entry === null || entry[1] <= built);
  if (current && (stamp === undefined || same(Object.keys(stamp).sort(), Object.keys(state).sort()))) {
    writeStamp(stamps.console, state);
    return true;
  }
  return false;
}

/** `vite build` in its own process, so the server that may follow does not keep Vite in its memory. */
export function buildConsole() {
  const state = snapshot(consoleInputs());
  const started = Date.now();
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit code ${result.status ?? result.signal})`);
  writeStamp(stamps.console, state);
  process.stdout.write(`Built the console into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/**
 * esbuild: server/main.ts and everything it imports (but NOT_BUNDLED), as one CommonJS script, which
 * scripts/start.mjs compiles with V8's code cache. `import.meta.url` in our files becomes the URL of the source
 * file it was written in, so paths resolved from it (the migrations, dist/, package.json) are the same whether run
 * from source or from the bundle; dynamic imports become require calls (a script has no module loader).
 */
const BUNDLE_URL = '__switchyardBundleUrl';

export async function buildServer() {
  const started = Date.now();
  const { build } = await import('esbuild');
  // Start from an empty folder (but the console's stamp): no code cache or chunk of an earlier build stays.
  rmSync(stamps.server, { force: true });
  for (const file of existsSync(serverOut) ? readdirSync(serverOut) : []) {
    if (/\.c?js(\.map)?$|\.cache$/.test(file)) rmSync(join(serverOut, file));
  }
  const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = [...NOT_BUNDLED, ...Object.keys(packageJson.devDependencies)].flatMap((name) => [name, `${name}/*`]);
  // Paths of the bundle relative to where each file was: the repository can move after a build.
  const fromBundle = (path) => relative(serverOut, path).split(sep).join('/');
  const sourcePaths = {
    name: 'switchyard-source-paths',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const url = `new URL(${JSON.stringify(fromBundle(args.path))}, ${BUNDLE_URL}).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
      // A bundled package that reads files beside itself (swagger-ui's assets) still finds them in node_modules.
      esbuild.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
        const at = (path) => `require('node:path').join(__dirname, ${JSON.stringify(fromBundle(path))})`;
        const contents = source
          .replace(/\b__dirname\b/g, at(dirname(args.path)))
          .replace(/\b__filename\b/g, at(args.path));
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
  const result = await build({
    entryPoints: { main: join(root, 'server', 'main.ts') },
    outdir: serverOut,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    supported: { 'dynamic-import': false },
    external,
    banner: { js: `const ${BUNDLE_URL} = require('node:url').pathToFileURL(__filename).href;` },
    plugins: [sourcePaths],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
  });
  // Ours, one by one; the bundled packages through the lock file.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  inputs.push('package.json', 'package-lock.json', 'tsconfig.json', relative(root, fileURLToPath(import.meta.url)));
  const state = snapshot(inputs);
  // An input saved while esbuild read it may not be in the bundle: then no stamp, and the next start builds again.
  if (Object.values(state).every((entry) => entry === null || entry[1] < started)) writeStamp(stamps.server, state);
  process.stdout.write(`Built the server into dist-server/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Builds what is missing or stale; returns quickly (a few hundred stat calls) when nothing is. */
export async function buildChanged() {
  if (!consoleIsCurrent()) {
    process.stdout.write('The console is not built or older than its sources: building it (vite build)...\n');
    buildConsole();
  }
  if (!serverIsCurrent()) await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    if (process.argv.includes('--changed')) {
      await buildChanged();
    } else {
      buildConsole();
      await buildServer();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
}

// `npm test`: every check and test, phase by phase, stopping at the first phase that fails; at the end (also after a
// failure) each phase's duration and the total. The static checks run side by side: each is single-threaded, so on two
// cores they take the time of the longest. Plain JavaScript, like build.mjs.
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import process from 'node:process';
import { root } from './build.mjs';

/** Each phase is one or more commands run at the same time; a phase passes when all of them exit with 0. */
const PHASES = [
  { name: 'static checks', commands: ['tsc --noEmit', 'eslint .', 'prettier --check .'] },
  { name: 'build', commands: ['node scripts/build.mjs'] },
  { name: 'unit and server tests', commands: ['vitest run'] },
  { name: 'browser tests', commands: ['playwright test'] },
];

const env = {
  ...process.env,
  FORCE_COLOR: '1',
  PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
};

/** Runs a command with the project's binaries on PATH, its output passed through; resolves with its exit code. */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit', cwd: root, env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const started = Date.now();
const results = [];
for (const phase of PHASES) {
  const start = Date.now();
  const codes = await Promise.all(phase.commands.map(run));
  const ok = codes.every((code) => code === 0);
  results.push({ name: phase.name, ms: Date.now() - start, ok });
  if (!ok) break;
}

const lines = ['', 'npm test, by phase:'];
for (const { name, ms, ok } of results)
  lines.push(`  ${name.padEnd(24)} ${seconds(ms).padStart(7)}  ${ok ? 'passed' : 'FAILED'}`);
lines.push(`  ${'total'.padEnd(24)} ${seconds(Date.now() - started).padStart(7)}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(results.every((r) => r.ok) && results.length === PHASES.length ? 0 : 1);

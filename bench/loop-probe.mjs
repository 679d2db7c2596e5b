// Loaded into the server under bench (NODE_OPTIONS=--import): its own event loop's delay, written to stderr as one
// `loop-delay {"max":ms,"p99":ms}` line on each SIGUSR2, then reset, so a bench measures a window of its choosing.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.stderr.write(`loop-delay ${JSON.stringify({ max: ms(delay.max), p99: ms(delay.percentile(99)) })}\n`);
  delay.reset();
});

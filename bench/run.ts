// `npm run bench [name ...]`: the benchmarks in bench/ (all, or the named ones), one after another.
// Exits non-zero when a target is missed.
import { bulkBench } from './bulk.ts';
import { bundleBench } from './bundle.ts';
import { changeRequestsBench } from './change-requests.ts';
import { clientApiBench } from './client-api.ts';
import { clientChangeBench } from './client-change.ts';
import { featureListBench } from './feature-list.ts';
import { historyBench } from './history.ts';
import { lighthouseBench } from './lighthouse.ts';
import { liveConsoleBench } from './live-console.ts';
import { metricsIngestBench } from './metrics-ingest.ts';
import { mirrorSyncBench } from './mirror-sync.ts';
import { offlineStartBench } from './offline-start.ts';
import { startBench } from './start.ts';
import { streamingBench } from './streaming.ts';

const benches: Record<string, () => Promise<boolean>> = {
  bulk: bulkBench,
  bundle: bundleBench,
  'change-requests': changeRequestsBench,
  'client-api': clientApiBench,
  'client-change': clientChangeBench,
  'feature-list': featureListBench,
  history: historyBench,
  lighthouse: lighthouseBench,
  'live-console': liveConsoleBench,
  'metrics-ingest': metricsIngestBench,
  'mirror-sync': mirrorSyncBench,
  'offline-start': offlineStartBench,
  start: startBench,
  streaming: streamingBench,
};
const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in benches));
if (unknown.length) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`);
  process.exit(2);
}
const results: boolean[] = [];
for (const name of names.length ? names : Object.keys(benches)) results.push(await benches[name]());
process.exit(results.every(Boolean) ? 0 : 1);

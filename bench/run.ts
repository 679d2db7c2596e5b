// `npm run bench`: every benchmark in bench/, one after another. Exits non-zero when a target is missed.
import { bundleBench } from './bundle.ts';
import { featureListBench } from './feature-list.ts';

const results = [await bundleBench(), await featureListBench()];
process.exit(results.every(Boolean) ? 0 : 1);

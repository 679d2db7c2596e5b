// `npm run bench`: every benchmark in bench/, one after another. Exits non-zero when a budget is exceeded.
import { bundleBench } from './bundle.ts';

const results = [await bundleBench()];
process.exit(results.every(Boolean) ? 0 : 1);

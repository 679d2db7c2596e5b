import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A built console's folder, as the Vite build leaves `dist/`, holding these files (by path inside it) for the test
 * file's server to serve; removed after the file's tests.
 */
export function useConsoleDist(files: Record<string, string | Uint8Array>): string {
  const dist = mkdtempSync(join(tmpdir(), 'switchyard-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  return dist;
}

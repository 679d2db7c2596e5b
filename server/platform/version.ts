import { readFileSync } from 'node:fs';

/** This server's version (package.json), as ui-config and the API document report it. */
export const version: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

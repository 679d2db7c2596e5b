/** The IndexedDB database of the console served under `base` (one per base path, so consoles never mix). */
export const databaseName = (base: string) => `switchyard${base}`;

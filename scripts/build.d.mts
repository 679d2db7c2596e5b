// Types of what TypeScript code imports from build.mjs.
/** dist-server/main.cjs: the built server. */
export const serverBundle: string;
/** Whether dist-server/main.cjs was built from the server's sources as they are now. */
export function serverIsCurrent(): boolean;

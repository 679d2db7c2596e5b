/** What the composition root uses of auth: who is calling (the access guard resolves it on every route). */
export { resolveCaller } from './caller.ts';

// What the startup and the composition root use of push: its first-start work.
export { preparePush } from './fan-out.ts';

/** The environments walkthrough's splash name (POST api/admin/splash/environment). */
export const ENVIRONMENT_SPLASH = 'environment';

/** The session as the query cache holds it: the server's answer and when it was read (or restored). */
interface ReadSession {
  data?: { splash?: Record<string, boolean> };
  dataUpdatedAt: number;
}

/**
 * Whether a walkthrough is due: only when a session read from the server in this page says it was not seen. A session
 * restored from the stored cache may predate the walkthrough's opening in an earlier page (the store is written a
 * moment after a change). A session without the splash state (a server that sends none) shows nothing.
 */
export const splashDue = (session: ReadSession, name: string, pageStart = performance.timeOrigin) =>
  session.dataUpdatedAt >= pageStart && session.data?.splash?.[name] === false;

/** The step after `step` (Next), or undefined after the last one (Finish ends the splash). */
export const nextStep = (step: number, count: number) => (step + 1 < count ? step + 1 : undefined);

/** The environments walkthrough's splash name (POST api/admin/splash/environment). */
export const ENVIRONMENT_SPLASH = 'environment';

/**
 * Whether a walkthrough is due: only when the session says it was not seen. A session without
 * the splash state (unknown, or a server that sends none) shows nothing.
 */
export const splashDue = (splash: Record<string, boolean> | undefined, name: string) => splash?.[name] === false;

/** The step after `step` (Next), or undefined after the last one (Finish ends the splash). */
export const nextStep = (step: number, count: number) => (step + 1 < count ? step + 1 : undefined);

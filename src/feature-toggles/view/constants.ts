/** The production environment type triggers confirmation for strategy changes (part 1 section 9). */
export const PRODUCTION_TYPE = 'production';
/** The Strategies tab polls the feature every 5 seconds (part 1 section 9). */
export const STRATEGIES_POLL_MS = 5000;

/** The production environment type triggers confirmation for strategy changes (part 1 section 9). */
export const PRODUCTION_TYPE = 'production';

/** The production environment type triggers confirmation for strategy changes. */
export const PRODUCTION_TYPE = 'production';

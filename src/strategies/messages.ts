/** Texts of the strategy screens, verbatim. */
export const STRATEGY_CREATED = 'Strategy successfully created.';
export const STRATEGY_UPDATED = 'Strategy successfully updated.';
export const STRATEGY_DELETED = 'Strategy successfully deleted.';
export const STRATEGY_DEPRECATED = 'Strategy successfully deprecated';
export const STRATEGY_REACTIVATED = 'Strategy successfully reactivated';
export const REALLY_DELETE = 'Really delete strategy?';
export const REALLY_DEPRECATE = 'Really deprecate strategy?';
export const REALLY_REACTIVATE = 'Really reactivate strategy?';

export const missingDefinition = (name: string) => `The strategy definition "${name}" does not exist`;

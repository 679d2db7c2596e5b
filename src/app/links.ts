export const DOCUMENTATION_URL = 'https://docs.getunleash.io/';
export const SOURCE_URL = 'https://github.com/Unleash/unleash';

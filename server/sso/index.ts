/** What other domains use of single sign-on: the sign-in options the 401 offers (the login page's buttons). */
export { signInOptions, type SignInOption } from './options.ts';

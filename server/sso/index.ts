/**
 * What other domains use of single sign-on: how one can sign in (the 401's options, the password form's state), and
 * where a browser goes to sign out at the provider too.
 */
export { signInState, type SignInOption, type SignInState } from './sign-in-state.ts';
export { singleSignOutUrl } from './sign-out.ts';

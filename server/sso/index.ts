/** What other domains use of single sign-on: how one can sign in (the 401's options, the password form's state). */
export { signInState, type SignInOption, type SignInState } from './sign-in-state.ts';

/** Texts of the users screen, verbatim where the spec gives them. */
export const NO_USERS = 'No users found.';
export const ONLY_ADMINS = 'PS! Only admins can add/remove users.';
export const EMAIL_REQUIRED = 'You must specify the email address';
export const ROLE_REQUIRED = 'You must specify a role for the user';
export const PASSWORD_TOO_SHORT = 'You must specify a password with at least 8 chars.';
export const PASSWORDS_DIFFER = 'Passwords does not match';
export const PASSWORD_FAILED = 'Could not update password';
export const UPDATE_FAILED = 'Could not update user';
export const LINK_COPIED = 'Successfully copied invite link.';
export const LINK_NOT_COPIED = 'Could not copy invite link.';
export const PASSWORD_UPDATED = 'Successfully updated password.';
export const FETCH_FAILED = 'Could not fetch users';

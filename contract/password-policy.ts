/**
 * The password rule, with the messages of the OWASP strength test Unleash uses.
 * Returns every violated rule; an empty list means the password is acceptable.
 */
const rules: Array<[test: (password: string) => boolean, message: string]> = [
  [(p) => p.length >= 10, 'The password must be at least 10 characters long.'],
  [(p) => p.length < 128, 'The password must be fewer than 128 characters.'],
  [(p) => !/(.)\1\1/u.test(p), 'The password may not contain sequences of three or more repeated characters.'],
  [(p) => /[a-z]/.test(p), 'The password must contain at least one lowercase letter.'],
  [(p) => /[A-Z]/.test(p), 'The password must contain at least one uppercase letter.'],
  [(p) => /[0-9]/.test(p), 'The password must contain at least one number.'],
  [(p) => /[^A-Za-z0-9]/.test(p), 'The password must contain at least one special character.'],
];

export function passwordProblems(password: string): string[] {
  return rules.filter(([test]) => !test(password)).map(([, message]) => message);
}

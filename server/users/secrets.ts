import { createHash, randomBytes } from 'node:crypto';

/** Session cookies and invitation/reset tokens: 256 random bits; only their SHA-256 is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newToken = () => randomBytes(32).toString('base64url');

import { describe, expect, it } from 'vitest';
import { keyBytes } from './device';

describe('keyBytes', () => {
  it('reads the base64url VAPID key (no padding, - and _) into its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 251) % 256);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64url).toMatch(/[-_]/);
    expect(Array.from(keyBytes(base64url))).toEqual(Array.from(bytes));
  });
});

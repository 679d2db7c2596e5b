import { describe, expect, it } from 'vitest';
import { avatarColor, initialsOf } from './UserAvatar';

describe('initialsOf', () => {
  it('takes the first letters of up to two words of a name, user name or e-mail local part', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
    expect(initialsOf('jane.doe@example.com')).toBe('JD');
    expect(initialsOf('ops_on-call')).toBe('OO');
    expect(initialsOf('admin')).toBe('A');
    expect(initialsOf('  ')).toBe('');
    expect(initialsOf('ørjan')).toBe('Ø');
  });
});

describe('avatarColor', () => {
  it('gives the same person the same colour, and different people different ones', () => {
    expect(avatarColor('admin')).toBe(avatarColor('admin'));
    const colours = new Set(['admin', 'ada', 'jane.doe@example.com', 'bob', 'carol', 'dave'].map(avatarColor));
    expect(colours.size).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '../../../contract/project-access';
import { defaultRole, personLabel } from './access';

const role = (id: number, name: string): ProjectRole => ({ id, name, type: 'project', description: '' });

describe('defaultRole', () => {
  it('is the role named Regular when there is one', () => {
    expect(defaultRole([role(4, 'Owner'), role(6, 'Regular')])?.id).toBe(6);
  });
  it('is the first role otherwise, and nothing without roles', () => {
    expect(defaultRole([role(5, 'Member'), role(4, 'Owner')])?.id).toBe(5);
    expect(defaultRole([])).toBeUndefined();
  });
});

describe('personLabel', () => {
  it('prefers the name, then the e-mail, then the user name, then the id', () => {
    expect(personLabel({ id: 1, name: 'Ada', email: 'a@x.io', username: 'ada' })).toBe('Ada');
    expect(personLabel({ id: 1, name: null, email: 'a@x.io', username: 'ada' })).toBe('a@x.io');
    expect(personLabel({ id: 1, name: '', email: null, username: 'ada' })).toBe('ada');
    expect(personLabel({ id: 7, name: null, email: null, username: null })).toBe('User 7');
  });
});

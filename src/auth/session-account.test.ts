import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followAccount } from '../offline/account';
import { createSignedIn, type SignedIn } from '../offline/pending';
import { ownerOf, sessionAccount } from './session-account';
import type { Session } from './user';

const session = (user: Session['user']): Session => ({ user, permissions: [] });

let stop: (() => void) | undefined;
let signedIn: SignedIn;

beforeEach(() => {
  signedIn = createSignedIn();
});

afterEach(() => {
  stop?.();
});

describe('the account a change is recorded with', () => {
  it('is the user’s id, with their name, else username, else email to show', () => {
    expect(ownerOf({ id: 3, name: 'Ann Lee', username: 'ann', email: 'ann@example.com' })).toEqual({
      id: 3,
      name: 'Ann Lee',
    });
    expect(ownerOf({ id: 3, username: 'ann', email: 'ann@example.com' })).toEqual({ id: 3, name: 'ann' });
    expect(ownerOf({ id: 3, name: '', email: 'ann@example.com' })).toEqual({ id: 3, name: 'ann@example.com' });
    // An API token's session has no id: its username names it.
    expect(ownerOf({ isAPI: true, username: 'ci-token' })).toEqual({ id: 'ci-token', name: 'ci-token' });
    expect(ownerOf(undefined)).toBeUndefined();
  });

  it('follows the session: known once it is read, none after it is cleared (a 401, signing in again)', () => {
    const client = new QueryClient();
    client.setQueryData(['user'], session({ id: 1, name: 'Ann' }));
    stop = followAccount(client, '/follow', sessionAccount, signedIn);
    expect(signedIn.get()).toEqual({ id: 1, name: 'Ann' });
    client.clear();
    expect(signedIn.get()).toBeUndefined();
    client.setQueryData(['user'], session({ id: 2, email: 'bob@example.com' }));
    expect(signedIn.get()).toEqual({ id: 2, name: 'bob@example.com' });
  });

  it('another tab signed in as another account: this tab forgets its own and reads the session again', async () => {
    const client = new QueryClient();
    client.setQueryData(['user'], session({ id: 1, name: 'Ann' }));
    const otherTab = new BroadcastChannel('switchyard/tabs:account');
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    stop = followAccount(client, '/tabs', sessionAccount, signedIn);
    // This tab tells the others which account it has; one with the same account changes nothing.
    await vi.waitFor(() => expect(heard).toEqual([1]));
    otherTab.postMessage(1);
    otherTab.postMessage(2);
    await vi.waitFor(() => expect(signedIn.get()).toBeUndefined());
    expect(client.getQueryData(['user'])).toBeUndefined();
    otherTab.close();
  });
});

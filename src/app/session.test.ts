import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, NetworkError, NotFoundError } from '../shared/api/errors';
import { authState } from '../auth/auth-state';
import { snackbar } from '../shared/messages/messages';
import { toastStore } from '../shared/messages/toast';
import { createSessionQueryClient } from './session';

const details = { type: 'password', path: '/auth/simple/login', message: 'You must sign in order to use Unleash' };

afterEach(() => {
  authState.setSignedIn();
  snackbar.clear();
});

function setup(onLogin: boolean) {
  const navigation = { isOnLogin: () => onLogin, toLogin: vi.fn() };
  return { navigation, client: createSessionQueryClient(navigation) };
}

describe('session error handling', () => {
  it('a 401 clears the cache, stores the auth details and goes to /login', async () => {
    const { client, navigation } = setup(false);
    client.setQueryData(['features'], { features: [] });
    await client
      .fetchQuery({
        queryKey: ['user'],
        queryFn: () => Promise.reject(new AuthenticationError('Authentication required', details)),
      })
      .catch(() => undefined);
    expect(client.getQueryData(['features'])).toBeUndefined();
    expect(authState.get()).toEqual({ unauthorised: true, details });
    expect(navigation.toLogin).toHaveBeenCalledOnce();
  });

  it('a read that gets no answer (offline) keeps the session and says nothing; the header shows offline', async () => {
    const { client, navigation } = setup(false);
    client.setQueryData(['user'], { user: { id: 1 }, permissions: [] });
    await client
      .fetchQuery({
        queryKey: ['user'],
        queryFn: () => Promise.reject(new NetworkError('An error occurred while trying to get user')),
      })
      .catch(() => undefined);
    expect(client.getQueryData(['user'])).toEqual({ user: { id: 1 }, permissions: [] });
    expect(authState.get().unauthorised).toBe(false);
    expect(navigation.toLogin).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
  });

  it('does not navigate when already on /login', async () => {
    const { client, navigation } = setup(true);
    await client
      .fetchQuery({ queryKey: ['ui-config'], queryFn: () => Promise.reject(new AuthenticationError('x', details)) })
      .catch(() => undefined);
    expect(navigation.toLogin).not.toHaveBeenCalled();
    expect(authState.get().unauthorised).toBe(true);
  });

  it('action errors go to the snackbar list, unless the screen shows them itself', async () => {
    const { client } = setup(false);
    const fail = () => Promise.reject(new NotFoundError(404, 'Could not find the requested resource'));
    await client
      .getMutationCache()
      .build(client, { mutationFn: fail })
      .execute(undefined)
      .catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('shown inline')), meta: { inlineErrors: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(snackbar.get().map((m) => m.text)).toEqual(['Could not find the requested resource']);
  });

  it('no messages while the unauthorised state holds', async () => {
    const { client } = setup(true);
    authState.setUnauthorised(details);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('ignored')) })
      .execute(undefined)
      .catch(() => undefined);
    expect(snackbar.get()).toEqual([]);
  });
});

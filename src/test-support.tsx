import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { ConsoleOfflineProvider, createConsoleOffline, type ConsoleOffline } from './app/offline';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { userQuery } from './auth/user';
import { awaitingMeQuery } from './change-requests/api/queries';
import { connectivity } from './shared/api/connectivity';
import { uiConfigQuery } from './ui-config/api/queries';

/**
 * Renders a component the way the console does: inside Mantine, a fresh query client and an offline engine of its
 * own (not started: IndexedDB is opened only if a change is queued), which it returns with the toggles' mirror.
 */
export function renderWithMantine(
  ui: ReactElement,
  queryClient = new QueryClient(),
  offline: ConsoleOffline = createConsoleOffline({ queryClient }),
) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ConsoleOfflineProvider {...offline}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {ui}
        </MantineProvider>
      </ConsoleOfflineProvider>
    </QueryClientProvider>,
  );
  return { ...view, ...offline };
}

/** Renders the console's routes at `path` with a memory history; seed `queryClient` with what the screens read. */
export function renderRoute(path: string, queryClient = new QueryClient()) {
  const offline = createConsoleOffline({ queryClient });
  const router = createAppRouter({ queryClient, ...offline }, '', createMemoryHistory({ initialEntries: [path] }));
  const view = renderWithMantine(<RouterProvider router={router} />, queryClient, offline);
  return { router, ...view };
}

/** A query client whose session holds `permissions` (ADMIN by default). */
export function sessionClient(
  permissions: { permission: string; project?: string | null }[] = [{ permission: 'ADMIN', project: null }],
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['user'], { user: { id: 1 }, permissions });
  return client;
}

/**
 * What a returning console holds: the UI config (with `flags`), a session with `permissions` (ADMIN by default) and
 * the change requests awaiting it (none), read already, never stale, never retried. Seed the screen's own reads on it.
 */
export function keptClient(
  permissions: { permission: string; project?: string | null }[] = [{ permission: 'ADMIN', project: null }],
  flags: Record<string, boolean> = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(uiConfigQuery.queryKey, { name: 'Switchyard', version: '1.0.0', flags });
  client.setQueryData(userQuery.queryKey, { user: { id: 1 }, permissions, feedback: [] });
  client.setQueryData(awaitingMeQuery.queryKey, []);
  return client;
}

/** Renders a component that holds router links, inside a one-route memory router. */
export function renderInRouter(ui: ReactElement, queryClient = sessionClient()) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, ...renderWithMantine(<RouterProvider router={router} />, queryClient) };
}

/** Renders a create or edit form: it guards leaving the page, so inside a router; resolves once it is drawn. */
export async function renderForm(ui: ReactElement, queryClient = sessionClient()) {
  const view = renderInRouter(ui, queryClient);
  await screen.findByRole('form');
  return view;
}

/** Called in a describe block: each of its tests runs offline (the query client's and the console's own view). */
export function offlineInEachTest() {
  beforeEach(() => {
    act(() => connectivity.lost());
    onlineManager.setOnline(false);
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    act(() => connectivity.reached());
  });
}

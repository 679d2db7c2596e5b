import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleOfflineProvider, createConsoleOffline } from './app/offline';
import { createAppRouter } from './app/router';
import { createSessionQueryClient } from './app/session';
import { cssVariablesResolver, theme } from './app/theme';
import { nextTask } from './shared/tasks';

/**
 * Starts the console in steps, each in a task of its own after the script's evaluation (making the router, opening
 * what is stored, loading the route, the first render), so that no single long task holds up a phone's first screen.
 */
async function boot() {
  await nextTask();
  const queryClient = createSessionQueryClient({
    // Where the router is going (its state still holds the page it leaves while the next one loads): the login page's
    // own loader's 401 must not send it to a bare /login, dropping ?reset and ?email.
    isOnLogin: () => router.matchRoutes(router.latestLocation).some((match) => match.routeId === '/login'),
    toLogin: () => void router.navigate({ to: '/login' }),
  });
  const { offline, toggles } = createConsoleOffline({ queryClient });
  const router = createAppRouter({ queryClient, offline, toggles });
  await nextTask();
  const started = offline.start();
  await nextTask();
  // The first render comes from the persisted session and the offline mirror: no network needed to show the list.
  // The route's code loads meanwhile; its loader waits for the stored mirror. It is rendered as a transition, which
  // React works through in short slices, so the page stays responsive while the first screen is built.
  await Promise.all([started, router.load()]);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <QueryClientProvider client={queryClient}>
            <ConsoleOfflineProvider offline={offline} toggles={toggles}>
              <RouterProvider router={router} />
            </ConsoleOfflineProvider>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

void boot();

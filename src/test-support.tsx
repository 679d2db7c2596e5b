import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';

/** Renders a component the way the console does: inside Mantine and a fresh query client. */
export function renderWithMantine(ui: ReactElement, queryClient = new QueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {ui}
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** Renders the console's routes at `path` with a memory history; seed `queryClient` with what the screens read. */
export function renderRoute(path: string, queryClient = new QueryClient()) {
  const router = createAppRouter(queryClient, '', createMemoryHistory({ initialEntries: [path] }));
  const view = renderWithMantine(<RouterProvider router={router} />, queryClient);
  return { router, ...view };
}

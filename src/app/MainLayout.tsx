import { Alert, Button, Center, Stack } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useAuthState } from '../auth/auth-state';
import { useSession } from '../auth/user';
import { useFeedbackPromptShown } from '../feedback/feedback';
import { useUndoOffer } from '../feature-toggles/components/switches/flip';
import { Snackbar } from '../shared/messages/Snackbar';
import { ToastArea } from '../shared/messages/ToastArea';
import { EnvironmentsWalkthrough } from '../onboarding/EnvironmentsWalkthrough';
import { useConflictShown, useUpdateWaiting } from '../offline/context';
import { useUiConfig } from '../ui-config/api/queries';
import { AnnouncementBanner } from './AnnouncementBanner';
import { BootstrapSpinner } from './BootstrapSpinner';
import { Breadcrumbs } from './Breadcrumbs';
import { Footer } from './Footer';
import { Header } from './Header';
import { Illustration } from './Illustration';
import { shouldScrollToTop } from './scroll';

// The phone drawer loads when first opened.
const NavDrawer = lazy(() => import('./NavDrawer'));
// The feedback card loads when it is asked for (after a toggle is created).
const FeedbackPrompt = lazy(() => import('../feedback/FeedbackCard'));
// The offline notices load when there is something to say: a held change, a new version.
const ConflictNotice = lazy(() => import('../offline/ConflictNotice'));
const UpdateNotice = lazy(() => import('../offline/UpdateNotice'));
// The undo of a flip loads once there is one to undo.
const UndoBar = lazy(() => import('../feature-toggles/components/switches/UndoBar'));

/** The main layout of every protected route: header, toast area, notification area, content, illustration, footer. */
export default function MainLayout() {
  const session = useSession();
  const { unauthorised } = useAuthState();
  const uiConfig = useUiConfig();
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const feedbackShown = useFeedbackPromptShown();
  const { pathname } = useLocation();
  // Not the outbox itself: the layout is not drawn again as changes are queued and sent.
  const conflict = useConflictShown();
  const updateWaiting = useUpdateWaiting();
  const undoable = useUndoOffer() !== undefined;
  // Below the first screen: drawn after it, in a render of its own.
  const footerDrawn = useDeferredValue(true, false);

  useEffect(() => {
    if (shouldScrollToTop(pathname)) window.scrollTo(0, 0);
  }, [pathname]);

  if (!session.data) {
    if (session.isError && !unauthorised) {
      return (
        <Center h="100dvh" p="md">
          <Stack align="center">
            <Alert color="red" role="alert">
              {session.error.message}
            </Alert>
            <Button onClick={() => session.refetch()}>Try again</Button>
          </Stack>
        </Center>
      );
    }
    return <BootstrapSpinner />;
  }

  return (
    <div className="sy-shell">
      <a href="#content" className="sy-skip-link">
        Skip to content
      </a>
      <AnnouncementBanner announcement={uiConfig.data?.announcement} />
      <Header
        drawerOpened={drawerOpened}
        onToggleDrawer={() => {
          setDrawerUsed(true);
          setDrawerOpened((o) => !o);
        }}
      />
      {drawerUsed && (
        <Suspense>
          <NavDrawer opened={drawerOpened} onClose={() => setDrawerOpened(false)} />
        </Suspense>
      )}
      <ToastArea />
      <EnvironmentsWalkthrough />
      <main id="content" className="sy-content" tabIndex={-1}>
        {conflict && (
          <div className="sy-conflict-area">
            <Suspense>
              <ConflictNotice />
            </Suspense>
          </div>
        )}
        <Breadcrumbs />
        <Outlet />
      </main>
      <Illustration />
      <div className="sy-notification-area">
        {feedbackShown && (
          <Suspense>
            <FeedbackPrompt />
          </Suspense>
        )}
        {undoable && (
          <Suspense>
            <UndoBar />
          </Suspense>
        )}
        <Snackbar />
        {updateWaiting && (
          <Suspense>
            <UpdateNotice />
          </Suspense>
        )}
      </div>
      {footerDrawn && <Footer config={uiConfig.data} />}
    </div>
  );
}

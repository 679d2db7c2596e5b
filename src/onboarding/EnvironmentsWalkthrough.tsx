import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../auth/user';
import { useMarkSplashSeen } from './api/use-mark-splash-seen';
import { ENVIRONMENT_SPLASH, splashDue } from './rules';

// The card loads only for a user who has not seen the walkthrough.
const EnvironmentsSplash = lazy(() => import('./EnvironmentsSplash'));

/**
 * The environments walkthrough ('Onboarding walkthroughs'): shown once, to a signed-in user whose session,
 * read from the server in this page, says `splash.environment` is false; the seen state is posted as it opens, so it
 * does not open again (also not after a reload). Close and Finish end it.
 */
export function EnvironmentsWalkthrough() {
  const due = splashDue(useSession(), ENVIRONMENT_SPLASH);
  const markSeen = useMarkSplashSeen();
  const [state, setState] = useState<'waiting' | 'open' | 'closed'>('waiting');
  const { mutate } = markSeen;
  useEffect(() => {
    if (due && state === 'waiting') {
      setState('open');
      mutate(ENVIRONMENT_SPLASH);
    }
  }, [due, state, mutate]);
  if (state !== 'open') return null;
  return (
    <Suspense>
      <EnvironmentsSplash onClose={() => setState('closed')} />
    </Suspense>
  );
}

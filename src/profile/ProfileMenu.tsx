import { lazy, Suspense, useState } from 'react';
import { ProfileButton } from './ProfileButton';

const loadPopup = () => import('./ProfilePopup');
const ProfilePopup = lazy(loadPopup);

/** The profile button; the popup's code loads on first use (it is not needed to show the list). */
export function ProfileMenu() {
  const [used, setUsed] = useState(false);
  if (!used) {
    return (
      <ProfileButton opened={false} onPointerEnter={loadPopup} onFocus={loadPopup} onClick={() => setUsed(true)} />
    );
  }
  return (
    <Suspense fallback={<ProfileButton opened />}>
      <ProfilePopup />
    </Suspense>
  );
}

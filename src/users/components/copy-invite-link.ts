import { showToast } from '../../shared/messages/toast';
import { LINK_COPIED, LINK_NOT_COPIED } from '../messages';

/** Copies an invite link to the clipboard and says whether it worked: 'Team member added' and the list's rows. */
export const copyInviteLink = (link: string) =>
  navigator.clipboard.writeText(link).then(
    () => showToast(LINK_COPIED, 'success'),
    () => showToast(LINK_NOT_COPIED, 'error'),
  );

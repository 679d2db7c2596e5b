import { useNavigate, type NavigateOptions } from '@tanstack/react-router';
import { showToast } from '../messages/toast';

/**
 * A create or edit page's way back to its list: `saved(message)` is the form's onSaved (the toast saying so, then
 * the list), `cancel` its Cancel.
 */
export function useBackToList(to: NavigateOptions['to']) {
  const navigate = useNavigate();
  return {
    saved: (message: string) => () => {
      showToast(message, 'success');
      return navigate({ to });
    },
    cancel: () => void navigate({ to }),
  };
}

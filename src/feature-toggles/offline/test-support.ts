import { sessionAccount } from '../../auth/session-account';
import { SwitchyardDb } from '../../offline/db';
import { mirroredTables, registerAccount, registerChanges, registerMirror } from '../../offline/registry';
import { toggleMirror } from './mirror';
import { toggleChanges } from './queue';

/** The toggles registered with the offline engine as the app registers them, and a database for a test. */
export function openToggleDb(name = `toggles-${Math.random()}`) {
  registerMirror(toggleMirror);
  registerChanges(toggleChanges);
  registerAccount(sessionAccount);
  return new SwitchyardDb(name, mirroredTables());
}

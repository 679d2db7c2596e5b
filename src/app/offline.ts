import { sessionAccount } from '../auth/session-account';
import { environmentsQuery } from '../environments/api/queries';
import { featureTypesQuery } from '../feature-toggles/api/queries';
import { toggleMirror } from '../feature-toggles/offline/mirror';
import { toggleChanges } from '../feature-toggles/offline/queue';
import { registerAccount, registerChanges, registerMirror, registerReference } from '../offline/registry';
import { projectsQuery } from '../projects/api/queries';
import { contextFieldsQuery } from '../context/api/queries';
import { strategyDefinitionsQuery } from '../strategies/api/queries';
import { tagTypesQuery } from '../tags/api/queries';
import { uiConfigQuery } from '../ui-config/api/queries';

/** What the console keeps offline, registered with the engine before it starts: the domains' mirrors and queues. */
export function registerOfflineDomains() {
  registerReference([
    uiConfigQuery.queryKey,
    projectsQuery.queryKey,
    environmentsQuery.queryKey,
    featureTypesQuery.queryKey,
    tagTypesQuery.queryKey,
    strategyDefinitionsQuery.queryKey,
    contextFieldsQuery.queryKey,
  ]);
  registerMirror(toggleMirror);
  registerChanges(toggleChanges);
  registerAccount(sessionAccount);
}

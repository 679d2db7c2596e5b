import type { AuditEvent } from './api/queries';

/** Where an event's subject lives in the console, as router link props; null when it has no page of its own. */
export type EventLink =
  | { label: string; to: '/history/$toggleName'; params: { toggleName: string } }
  | { label: string; to: '/projects/$projectId'; params: { projectId: string } }
  | { label: string; to: '/admin/users' | '/admin/api' | '/environments' };

const named = (event: AuditEvent) => (event.data as { name?: unknown } | null | undefined)?.name;

/**
 * Only toggle events (those naming a toggle) link to a toggle (its history); user events to the users, API token
 * events to API access, project events to the project (while it exists), environment events to the environments;
 * others nowhere.
 */
export function eventLink(event: AuditEvent): EventLink | null {
  const [domain] = event.type.split('-');
  const toggle = event.featureName ?? (domain === 'feature' ? named(event) : undefined);
  if (typeof toggle === 'string' && toggle)
    return { label: toggle, to: '/history/$toggleName', params: { toggleName: toggle } };
  if (domain === 'feature') return null;
  if (domain === 'user') return { label: 'Users', to: '/admin/users' };
  if (event.type.startsWith('api-token-')) return { label: 'API access', to: '/admin/api' };
  if (domain === 'environment') return { label: 'Environments', to: '/environments' };
  if (domain === 'project' && event.type !== 'project-deleted' && event.project)
    return { label: event.project, to: '/projects/$projectId', params: { projectId: event.project } };
  return null;
}

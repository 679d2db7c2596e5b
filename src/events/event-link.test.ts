import { describe, expect, it } from 'vitest';
import type { AuditEvent } from './api/queries';
import { eventLink } from './event-link';

const event = (type: string, more: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 1,
  type,
  createdBy: 'ann',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...more,
});

describe('where an event links', () => {
  it("toggle events link to the toggle's history, by featureName or the name in data", () => {
    expect(eventLink(event('feature-updated', { featureName: 'checkout' }))).toEqual({
      label: 'checkout',
      to: '/history/$toggleName',
      params: { toggleName: 'checkout' },
    });
    expect(eventLink(event('feature-created', { data: { name: 'banner' } }))?.label).toBe('banner');
    expect(eventLink(event('feature-tagged'))).toBeNull();
  });

  it("a user event links to the users, never to a toggle named after the user's name", () => {
    expect(eventLink(event('user-updated', { data: { name: 'Acc Two Edited' } }))).toEqual({
      label: 'Users',
      to: '/admin/users',
    });
  });

  it('token, project and environment events link where they belong; others nowhere', () => {
    expect(eventLink(event('api-token-created', { data: { username: 'ci' } }))?.to).toBe('/admin/api');
    expect(eventLink(event('project-created', { project: 'web', data: { name: 'Web shop' } }))).toEqual({
      label: 'web',
      to: '/projects/$projectId',
      params: { projectId: 'web' },
    });
    expect(eventLink(event('project-deleted', { project: 'web' }))).toBeNull();
    expect(eventLink(event('environment-created', { data: { name: 'qa' } }))?.to).toBe('/environments');
    for (const type of ['strategy-created', 'tag-type-created', 'context-field-created', 'sso-settings-updated'])
      expect(eventLink(event(type, { data: { name: 'x' } }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { noticeFor, type AuditEvent } from './rules.ts';

// Which audit events notify whom, and what they say (the events other parts of the server write).

const event = (type: string, fields: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  type,
  createdBy: 'ann',
  project: 'web',
  environment: 'production',
  featureName: null,
  data: {},
  ...fields,
});

describe('noticeFor', () => {
  it("tells a request's author when it fails at its scheduled time, with the reason", () => {
    const failed = event('change-request-schedule-failed', {
      createdBy: 'system',
      project: null,
      data: { id: 7, project: 'web', environment: 'production', reason: 'a toggle changed' },
    });
    expect(noticeFor(failed)).toEqual({
      audience: { authorOf: { project: 'web', id: 7 }, except: 'system' },
      message: {
        title: 'Your change request #7 failed at its scheduled time',
        body: 'a toggle changed',
        url: '/projects/web/change-requests/7',
      },
    });
  });

  it('tells who pinned a toggle that a trigger fired on it', () => {
    const fired = event('feature-trigger-fired', {
      createdBy: 'trigger',
      data: { triggerId: 3, project: 'web', featureName: 'checkout v2', environment: 'production', action: 'off' },
    });
    fired.data = { ...(fired.data as object), description: 'PagerDuty: checkout errors' };
    expect(noticeFor(fired)).toEqual({
      audience: { pinnersOf: 'checkout v2' },
      message: {
        title: 'Trigger fired: checkout v2',
        body: 'PagerDuty: checkout errors: turned off in production.',
        url: '/projects/web/features/checkout%20v2',
      },
    });
  });

  it('a rejection carries its comment; events that concern nobody make no notice', () => {
    const rejected = event('change-request-rejected', { data: { id: 2, state: 'Rejected', comment: 'not now' } });
    expect(noticeFor(rejected)?.message.body).toBe('ann: not now');
    expect(noticeFor(event('change-request-approval-added', { data: { id: 2 } }))).toBeUndefined();
    expect(noticeFor(event('feature-created', { featureName: 'x' }))).toBeUndefined();
    expect(noticeFor(event('feature-environment-enabled', { featureName: 'x', environment: null }))).toBeUndefined();
  });
});

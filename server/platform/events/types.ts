/**
 * Every audit event type the server records (Unleash's names where it has them), grouped by domain.
 * `appendEvent` accepts only these, so a misspelt type does not compile.
 */
export type EventType =
  | 'user-created'
  | 'user-updated'
  | 'user-deleted'
  | 'user-password-changed'
  | 'user-password-reset-requested'
  | 'user-unlocked'
  | 'user-feedback-given'
  | 'user-splash-seen'
  | 'api-token-created'
  | 'api-token-updated'
  | 'api-token-deleted'
  | 'strategy-created'
  | 'strategy-updated'
  | 'strategy-deleted'
  | 'strategy-deprecated'
  | 'strategy-reactivated'
  | 'context-field-created'
  | 'context-field-updated'
  | 'context-field-deleted'
  | 'feature-created'
  | 'feature-updated'
  | 'feature-metadata-updated'
  | 'feature-variants-updated'
  | 'feature-stale-on'
  | 'feature-stale-off'
  | 'feature-archived'
  | 'feature-revived'
  | 'feature-deleted'
  | 'feature-project-change'
  | 'feature-tagged'
  | 'feature-untagged'
  | 'feature-favorited'
  | 'feature-unfavorited'
  | 'feature-environment-enabled'
  | 'feature-environment-disabled'
  | 'feature-environment-added'
  | 'feature-environment-removed'
  | 'feature-strategy-add'
  | 'feature-strategy-update'
  | 'feature-strategy-remove'
  | 'feature-dependency-added'
  | 'feature-dependency-removed'
  | 'feature-dependencies-removed'
  | 'features-imported'
  | 'strategy-order-changed'
  | 'project-created'
  | 'project-updated'
  | 'project-deleted'
  | 'project-environment-added'
  | 'project-environment-removed'
  | 'project-user-added'
  | 'project-user-role-changed'
  | 'project-user-removed'
  | 'environment-created'
  | 'environment-updated'
  | 'environment-deleted'
  | 'environment-enabled'
  | 'environment-disabled'
  | 'environment-order-changed'
  | 'tag-created'
  | 'tag-deleted'
  | 'tag-type-created'
  | 'tag-type-updated'
  | 'tag-type-deleted'
  | 'application-updated'
  | 'application-deleted'
  | 'sso-settings-updated'
  | 'addon-config-created'
  | 'addon-config-updated'
  | 'addon-config-deleted'
  | 'segment-created'
  | 'segment-updated'
  | 'segment-deleted'
  | 'frontend-settings-updated'
  | 'change-request-configuration-updated'
  | 'change-request-bypassed'
  | 'change-request-created'
  | 'change-added'
  | 'change-request-sent-to-review'
  | 'change-request-approval-added'
  | 'change-request-approved'
  | 'change-request-rejected'
  | 'change-request-applied'
  | 'change-request-conflict'
  | 'change-request-cancelled'
  | 'change-request-comment-added'
  | 'change-request-scheduled'
  | 'change-request-schedule-failed'
  | 'change-request-reverted'
  | 'feature-trigger-created'
  | 'feature-trigger-deleted'
  | 'feature-trigger-fired'
  | 'push-subscription-added'
  | 'push-subscription-removed';

/**
 * The events of change requests (their settings, drafts, steps and comments; not a bypass, which changes a toggle
 * directly): after one, an open console reads that project's requests again.
 */
export const CHANGE_REQUEST_EVENTS: EventType[] = [
  'change-request-configuration-updated',
  'change-request-created',
  'change-added',
  'change-request-sent-to-review',
  'change-request-approval-added',
  'change-request-approved',
  'change-request-rejected',
  'change-request-applied',
  'change-request-conflict',
  'change-request-cancelled',
  'change-request-comment-added',
  'change-request-scheduled',
  'change-request-schedule-failed',
  'change-request-reverted',
];

import { afterEach, describe, expect, it } from 'vitest';
import { feedbackPrompt, shouldShowFeedback } from './feedback';

const now = new Date('2024-07-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

afterEach(() => feedbackPrompt.hide());

describe('pnps feedback rule', () => {
  it('shows when the user has no feedback entries', () => {
    expect(shouldShowFeedback([], now)).toBe(true);
  });

  it('shows again 182 days after it was given, not before', () => {
    expect(shouldShowFeedback([{ feedbackId: 'pnps', neverShow: false, given: daysAgo(181) }], now)).toBe(false);
    expect(shouldShowFeedback([{ feedbackId: 'pnps', neverShow: false, given: daysAgo(182) }], now)).toBe(true);
    expect(shouldShowFeedback([{ feedbackId: 'pnps', neverShow: false, given: daysAgo(400) }], now)).toBe(true);
  });

  it('never shows when neverShow is set', () => {
    expect(shouldShowFeedback([{ feedbackId: 'pnps', neverShow: true, given: daysAgo(400) }], now)).toBe(false);
    expect(shouldShowFeedback([{ feedbackId: 'pnps', neverShow: true, given: null }], now)).toBe(false);
  });

  it('does not show when the session carries no feedback list or an unreadable date', () => {
    expect(shouldShowFeedback(undefined, now)).toBe(false);
    expect(shouldShowFeedback([{ feedbackId: 'pnps', neverShow: false, given: 'not a date' }], now)).toBe(false);
  });
});

describe('feedback prompt', () => {
  it('is hidden until asked for, and shows only for an eligible user', () => {
    expect(feedbackPrompt.get()).toBe(false);
    feedbackPrompt.ask([{ feedbackId: 'pnps', neverShow: true }], now);
    expect(feedbackPrompt.get()).toBe(false);
    feedbackPrompt.ask([], now);
    expect(feedbackPrompt.get()).toBe(true);
    feedbackPrompt.hide();
    expect(feedbackPrompt.get()).toBe(false);
  });
});

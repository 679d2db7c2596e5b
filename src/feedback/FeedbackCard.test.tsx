import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test-support';
import { NEVER_SHOW_HIDE_MS, SURVEY_URL, YES_HIDE_MS } from './feedback';
import { FeedbackCard } from './FeedbackCard';

let open: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  open = vi.spyOn(window, 'open').mockReturnValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(calls: { give?: () => Promise<unknown>; neverShow?: () => Promise<unknown> } = {}) {
  const give = vi.fn(calls.give ?? (() => Promise.resolve()));
  const neverShow = vi.fn(calls.neverShow ?? (() => Promise.resolve()));
  const hide = vi.fn();
  renderWithMantine(<FeedbackCard give={give} neverShow={neverShow} hide={hide} />);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { give, neverShow, hide, user };
}

describe('FeedbackCard', () => {
  it("'Yes, no problem' records the feedback, opens the survey in a new tab and hides after 200 ms", async () => {
    const { give, hide, user } = setup();
    expect(
      screen.getByRole('region', { name: 'Hi. Do you have 2 minutes to help us improve Switchyard?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, no problem' }));
    expect(give).toHaveBeenCalledOnce();
    expect(open).toHaveBeenCalledWith(SURVEY_URL, '_blank', 'noopener,noreferrer');
    act(() => vi.advanceTimersByTime(YES_HIDE_MS - 50));
    expect(hide).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(hide).toHaveBeenCalledOnce();
  });

  it("'Not now' apologises; 'Don't show again' records neverShow and hides after 100 ms", async () => {
    const { neverShow, give, hide, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.getByText('Alright, apologies for the disruption. Have a nice day!')).toBeInTheDocument();
    const never = screen.getByRole('button', { name: "Don't show again" });
    expect(never).toHaveFocus();
    await user.click(never);
    expect(neverShow).toHaveBeenCalledOnce();
    expect(give).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(NEVER_SHOW_HIDE_MS - 50));
    expect(hide).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(hide).toHaveBeenCalledOnce();
  });

  it('the close control hides it at once without recording anything', async () => {
    const { give, neverShow, hide, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Close feedback prompt' }));
    expect(hide).toHaveBeenCalledOnce();
    expect(give).not.toHaveBeenCalled();
    expect(neverShow).not.toHaveBeenCalled();
  });

  it('a failed call hides it at once; the survey still opens on the yes path', async () => {
    const failing = () => Promise.reject(new Error('Action could not be performed'));
    const first = setup({ give: failing });
    await first.user.click(screen.getByRole('button', { name: 'Yes, no problem' }));
    expect(open).toHaveBeenCalledOnce();
    expect(first.hide).toHaveBeenCalledOnce();
  });

  it("a failed 'Don't show again' hides it at once", async () => {
    const { hide, user } = setup({ neverShow: () => Promise.reject(new Error('Action could not be performed')) });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await user.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(hide).toHaveBeenCalledOnce();
  });
});

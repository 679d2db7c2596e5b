import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_ANSWER } from '../../../shared/api/client';
import { connectivity } from '../../../shared/api/connectivity';
import { renderWithMantine, sessionClient } from '../../../test-support';
import { PIN_HINT, PinButton, UNPIN_HINT } from './PinButton';

afterEach(() => act(() => connectivity.reached()));

describe('PinButton', () => {
  it('is a toggle button named after the toggle, pressed when pinned, with a tooltip', async () => {
    const { unmount } = renderWithMantine(
      <PinButton feature={{ name: 'checkout', favorite: false }} />,
      sessionClient(),
    );
    const pin = screen.getByRole('button', { name: 'Pin checkout' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab();
    expect(pin).toHaveFocus();
    expect(pin).toHaveAccessibleDescription(PIN_HINT);
    await userEvent.hover(pin);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(PIN_HINT);

    unmount();
    renderWithMantine(<PinButton feature={{ name: 'checkout', favorite: true }} />, sessionClient());
    const unpin = screen.getByRole('button', { name: 'Unpin checkout' });
    expect(unpin).toHaveAttribute('aria-pressed', 'true');
    expect(unpin).toHaveAccessibleDescription(UNPIN_HINT);
    await userEvent.hover(unpin);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(UNPIN_HINT);
  });

  it('is not offered for an archived toggle', () => {
    renderWithMantine(<PinButton feature={{ name: 'old', archived: true }} />, sessionClient());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offline, the tap is refused with the reason every online action gives', async () => {
    const queryClient = sessionClient();
    renderWithMantine(<PinButton feature={{ name: 'checkout', favorite: false }} />, queryClient);
    act(() => connectivity.lost());
    await userEvent.click(screen.getByRole('button', { name: 'Pin checkout' }));
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.error?.message).toBe(NO_ANSWER));
    expect(screen.getByRole('button', { name: 'Pin checkout' })).toHaveAttribute('aria-pressed', 'false');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test-support';
import { eventPageParams } from '../api/queries';
import { HistoryFilters } from './HistoryFilters';

describe('the history filters', () => {
  it('apply the filled-in fields, trimmed, and leave out the empty ones', async () => {
    const onApply = vi.fn();
    renderWithMantine(<HistoryFilters filters={{ project: 'web' }} withToggle onApply={onApply} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Changed by' }), '  ann@example.com ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Toggle' }), 'checkout');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith({ createdBy: 'ann@example.com', feature: 'checkout', project: 'web' });
  });

  it("refuse a 'To' day before the 'From' day, and Clear applies none", async () => {
    const onApply = vi.fn();
    renderWithMantine(
      <HistoryFilters filters={{ from: '2026-03-02', to: '2026-03-01' }} withToggle={false} onApply={onApply} />,
    );
    expect(screen.queryByRole('textbox', { name: 'Toggle' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText("'To' must not be before 'From'")).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith({});
  });

  it('send days as the bounds of local days, with the page size and the cursor', () => {
    const params = eventPageParams({ createdBy: 'ann', from: '2026-03-01', to: '2026-03-02' }, 41);
    expect(params.get('createdBy')).toBe('ann');
    expect(params.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(params.get('to')).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
    expect(params.get('before')).toBe('41');
    expect(params.get('limit')).toBe('50');
  });
});

import { describe, expect, it } from 'vitest';
import { scheduleProblem } from '../../contract/change-requests';
import { scheduleFields, scheduleTimes } from './rules';

const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);

describe('a schedule from the form', () => {
  it('is read in the person’s zone; a window ends at the first such time after its start', () => {
    expect(scheduleTimes({ date: '2030-05-01', time: '02:00', until: '04:00' })).toEqual({
      scheduledAt: local(2030, 5, 1, 2),
      revertAt: local(2030, 5, 1, 4),
    });
    expect(scheduleTimes({ date: '2030-05-01', time: '23:00', until: '01:00' }).revertAt).toEqual(local(2030, 5, 2, 1));
    expect(scheduleTimes({ date: '2030-05-01', time: '23:00', until: '' }).revertAt).toBeNull();
  });

  it('starts at the next full hour, or the request’s schedule', () => {
    expect(scheduleFields({ scheduledAt: null, revertAt: null }, local(2030, 5, 1, 9, 41))).toEqual({
      date: '2030-05-01',
      time: '10:00',
      until: '',
    });
    const scheduled = { scheduledAt: local(2030, 5, 1, 2).toISOString(), revertAt: local(2030, 5, 1, 4).toISOString() };
    expect(scheduleFields(scheduled, local(2030, 4, 1, 0))).toEqual({
      date: '2030-05-01',
      time: '02:00',
      until: '04:00',
    });
  });

  it('is refused as the server refuses it: a past or malformed start, a window not ending after it starts', () => {
    const now = local(2030, 5, 1, 9);
    expect(scheduleProblem(local(2030, 5, 1, 10), local(2030, 5, 1, 11), now)).toBeUndefined();
    expect(scheduleProblem(now, null, now)).toBe('scheduledAt');
    expect(scheduleProblem(scheduleTimes({ date: '', time: '10:00', until: '' }).scheduledAt, null, now)).toBe(
      'scheduledAt',
    );
    expect(scheduleProblem(local(2030, 5, 1, 10), local(2030, 5, 1, 10), now)).toBe('revertAt');
  });
});

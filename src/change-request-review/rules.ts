import { addDays, addHours, format, parse, startOfHour } from 'date-fns';
import type { ChangeRequest } from '../../contract/change-requests';
import { MOVE_LABELS, type Move } from '../change-requests/rules';
import { STRATEGY_NAMES } from '../strategies/definitions';

/** A change, or a step of a window's reverse. */
type Change = Pick<ChangeRequest['changes'][number], 'feature' | 'action' | 'payload'>;

/** A change in words, as the request page heads it. */
export function changeWords({ feature, action, payload }: Change): string {
  const { enabled, name } = (payload ?? {}) as { enabled?: boolean; name?: string };
  switch (action) {
    case 'updateEnabled':
      return `Turn ${feature} ${enabled ? 'on' : 'off'}`;
    case 'addStrategy':
      return `Add a ${(name && STRATEGY_NAMES[name]) ?? name} strategy to ${feature}`;
    case 'updateStrategy':
      return `Change a strategy of ${feature}`;
    case 'deleteStrategy':
      return `Remove a strategy of ${feature}`;
    default:
      return `Reorder the strategies of ${feature}`;
  }
}

/** What a move's button says on this request: applying a scheduled one is "Apply now" (its time is given up). */
export const moveLabel = (move: Move, request: Pick<ChangeRequest, 'state'>) =>
  move === 'Applied' && request.state === 'Scheduled' ? 'Apply now' : MOVE_LABELS[move];

/** A schedule as the form holds it: the day and time it applies, and optionally the time it turns back (HH:mm). */
export interface ScheduleFields {
  date: string;
  time: string;
  until: string;
}

const at = (date: string, time: string) => parse(`${date} ${time}`, 'yyyy-MM-dd HH:mm', new Date());

/**
 * The times of a schedule, in the person's zone. A window ends at the first such time after its start, so "off from
 * 23:00 to 01:00" turns back the next day.
 */
export function scheduleTimes({ date, time, until }: ScheduleFields): { scheduledAt: Date; revertAt: Date | null } {
  const scheduledAt = at(date, time);
  if (!until) return { scheduledAt, revertAt: null };
  const revertAt = at(date, until);
  return { scheduledAt, revertAt: revertAt > scheduledAt ? revertAt : addDays(revertAt, 1) };
}

/** What the form starts with: the request's schedule when it has one, else the next full hour and no window. */
export function scheduleFields(request: Pick<ChangeRequest, 'scheduledAt' | 'revertAt'>, now: Date): ScheduleFields {
  const start = request.scheduledAt ? new Date(request.scheduledAt) : startOfHour(addHours(now, 1));
  return {
    date: format(start, 'yyyy-MM-dd'),
    time: format(start, 'HH:mm'),
    until: request.revertAt ? format(new Date(request.revertAt), 'HH:mm') : '',
  };
}

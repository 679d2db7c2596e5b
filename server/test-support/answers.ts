import { expect } from 'vitest';
import type { CallResult } from './harness.ts';

/**
 * An error answer in Unleash's shape: the status, and a body of that name and message whose one detail is the
 * message (`extra`: the body's other fields, such as isJoi or permission).
 */
export function expectError(
  answer: CallResult,
  status: number,
  name: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toEqual({ name, message, details: [{ message }], ...extra });
}

/** A 400 naming the field at `path` (Joi's shape, as the Unleash console reads it) with that message. */
export function expectInvalid(answer: CallResult, path: Array<string | number>, message: string): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toMatchObject({ name: 'ValidationError', message, isJoi: true, details: [{ message, path }] });
}

import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useForm } from './use-form';

const event = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe('the form hook', () => {
  it('is dirty once a value differs; a change clears that field’s error and the general one', () => {
    const { result } = renderHook(() => useForm({ name: '', size: 1 }, { submit: async () => {} }));
    expect(result.current.dirty).toBe(false);
    act(() => {
      result.current.setError('name', 'Taken');
      result.current.setError('general', 'Failed');
    });
    act(() => result.current.setField('name', 'x'));
    expect(result.current.dirty).toBe(true);
    expect(result.current.errors).toEqual({ name: undefined, general: undefined });
  });

  it('sends the prepared values unless a check finds an error; a failure becomes the general error', async () => {
    const submit = vi.fn(() => Promise.reject(new Error('Could not save')));
    const { result } = renderHook(() =>
      useForm(
        { name: ' x ' },
        {
          prepare: (v) => ({ name: v.name.trim() }),
          validate: ({ name }) => ({ name: name ? undefined : 'Required' }),
          submit,
        },
      ),
    );
    await act(() => result.current.onSubmit(event()));
    expect(submit).toHaveBeenCalledWith({ name: 'x' });
    expect(result.current.errors.general).toBe('Could not save');
    expect(result.current.submitting).toBe(false);
    act(() => result.current.setField('name', ' '));
    await act(() => result.current.onSubmit(event()));
    expect(result.current.errors.name).toBe('Required');
    expect(submit).toHaveBeenCalledTimes(1);
  });
});

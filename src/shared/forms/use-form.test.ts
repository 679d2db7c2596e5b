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

  it('gives a text field and an on/off field their value, error and a change that sets them', () => {
    const { result } = renderHook(() => useForm({ name: '', on: false }, { submit: async () => {} }));
    act(() => result.current.setError('name', 'Taken'));
    expect(result.current.field('name')).toMatchObject({ value: '', error: 'Taken' });
    act(() => result.current.field('name').onChange({ currentTarget: { value: 'x' } }));
    act(() => result.current.checkbox('on').onChange({ currentTarget: { checked: true } }));
    expect(result.current.values).toEqual({ name: 'x', on: true });
    expect(result.current.field('name').error).toBeUndefined();
    expect(result.current.checkbox('on').checked).toBe(true);
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

  it('after a successful submit runs onSaved and counts as saved; a failure goes where `failed` says', async () => {
    const order: string[] = [];
    const submit = vi.fn(async () => order.push('submit'));
    const { result } = renderHook(() =>
      useForm(
        { name: 'x' },
        {
          submit,
          onSaved: () => order.push('saved'),
          failed: (error) => ({ name: (error as Error).message }),
        },
      ),
    );
    submit.mockRejectedValueOnce(new Error('Taken'));
    await act(() => result.current.onSubmit(event()));
    expect(result.current.errors).toEqual({ name: 'Taken' });
    expect(result.current.isSaved()).toBe(false);
    await act(() => result.current.onSubmit(event()));
    expect(order).toEqual(['submit', 'saved']);
    expect(result.current.isSaved()).toBe(true);
  });
});

describe('the name check', () => {
  const taken = async (name: string) => (name === 'taken' ? 'Name already exists' : undefined);

  it('trims the name as it is left and checks it; an empty, locked or own name is not sent', async () => {
    const check = vi.fn(taken);
    const { result, rerender } = renderHook(
      ({ locked }) => useForm({ name: '' }, { name: { check, locked, own: 'mine' }, submit: async () => {} }),
      {
        initialProps: { locked: false },
      },
    );
    act(() => result.current.setField('name', '  taken '));
    await act(() => result.current.nameInput.onBlur());
    expect(check).toHaveBeenCalledWith('taken');
    expect(result.current.nameInput).toMatchObject({ value: 'taken', error: 'Name already exists' });
    for (const typed of ['  ', ' mine']) {
      act(() => result.current.setField('name', typed));
      await act(() => result.current.nameInput.onBlur());
    }
    rerender({ locked: true });
    act(() => result.current.setField('name', 'other'));
    await act(() => result.current.nameInput.onBlur());
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('on submit checks a name not checked yet, keeps an error shown, and says an empty name is empty', async () => {
    const check = vi.fn(taken);
    const submit = vi.fn(async () => {});
    const { result } = renderHook(() => useForm({ id: '' }, { name: { field: 'id', check, empty: 'Empty' }, submit }));
    await act(() => result.current.onSubmit(event()));
    expect(result.current.errors.id).toBe('Empty');
    expect(check).not.toHaveBeenCalled();
    act(() => result.current.setField('id', ' taken'));
    await act(() => result.current.onSubmit(event()));
    expect(check).toHaveBeenCalledWith('taken');
    expect(result.current.errors.id).toBe('Name already exists');
    await act(() => result.current.onSubmit(event()));
    expect(check).toHaveBeenCalledTimes(1);
    act(() => result.current.setField('id', 'free'));
    await act(() => result.current.onSubmit(event()));
    expect(submit).toHaveBeenCalledWith({ id: 'free' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { snackbar } from './messages';

afterEach(() => snackbar.clear());

describe('snackbar list', () => {
  it('deduplicates messages and mutes one at a time', () => {
    snackbar.add('Could not find the toggle');
    snackbar.add('Could not find the toggle');
    snackbar.add('Action could not be performed');
    expect(snackbar.get().map((m) => m.text)).toEqual(['Could not find the toggle', 'Action could not be performed']);
    snackbar.mute(snackbar.get()[0]);
    expect(snackbar.get().map((m) => m.text)).toEqual(['Action could not be performed']);
  });

  it('keeps info and error messages with the same text apart', () => {
    snackbar.add('Saved', 'info');
    snackbar.add('Saved', 'error');
    expect(snackbar.get()).toHaveLength(2);
  });
});

import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test-support';

describe("Mantine's useId, as the build serves it", () => {
  it('mounts an input in one commit, its label tied to it by id', () => {
    const commits: string[] = [];
    renderWithMantine(
      <Profiler id="search" onRender={(_id, phase) => commits.push(phase)}>
        <TextInput label="Search" />
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
    expect(screen.getByLabelText('Search').id).toMatch(/^mantine-/);
  });

  it('takes the id it is given', () => {
    renderWithMantine(<TextInput id="toggle-search" label="Search" />);
    expect(screen.getByLabelText('Search')).toHaveAttribute('id', 'toggle-search');
  });
});

import { Accordion, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test-support';

/** A field that notes each time it is mounted. */
function Field({ mounts }: { mounts: string[] }) {
  useEffect(() => {
    mounts.push('mount');
  }, [mounts]);
  return <TextInput label="groupId" />;
}

describe("Mantine's useReducedMotion, as the build serves it", () => {
  it('mounts an open accordion panel once for someone who asks for less motion (the tests do)', () => {
    expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    const mounts: string[] = [];
    renderWithMantine(
      <Accordion defaultValue="strategy">
        <Accordion.Item value="strategy">
          <Accordion.Control>Gradual rollout</Accordion.Control>
          <Accordion.Panel>
            <Field mounts={mounts} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>,
    );
    expect(screen.getByRole('textbox', { name: 'groupId' })).toBeInTheDocument();
    expect(mounts).toEqual(['mount']);
  });
});

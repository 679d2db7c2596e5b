import { Button } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The desktop's 'Environments' button, which opens the chooser of the environments shown as columns (ColumnsMenu). */
export function ColumnsButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <Button variant="default" leftSection={<IconColumns3 size={18} aria-hidden />} {...props}>
      Environments
    </Button>
  );
}

import { Textarea, type TextareaProps } from '@mantine/core';

/** A form's free-text Description: a textarea that grows from two rows (its value from useForm's `field`). */
export function DescriptionField(props: TextareaProps) {
  return <Textarea label="Description" autosize minRows={2} {...props} />;
}

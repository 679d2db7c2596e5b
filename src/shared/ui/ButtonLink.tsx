import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type Props = ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>;

const ButtonAnchor = forwardRef<HTMLAnchorElement, Props>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));

/** A link that looks like a button and navigates with the router (keeps the base path). */
export const ButtonLink = createLink(ButtonAnchor);

import { createLink } from '@tanstack/react-router';
import { Anchor, type AnchorProps } from '@mantine/core';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type Props = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;

const RouterAnchor = forwardRef<HTMLAnchorElement, Props>((props, ref) => <Anchor ref={ref} {...props} />);

/** A Mantine anchor that navigates with the router (keeps the base path). */
export const RouteLink = createLink(RouterAnchor);

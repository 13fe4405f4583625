import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A Mantine link that navigates inside the app (history, no reload). */
export function RouterAnchor({
  to,
  children,
  ...props
}: AnchorProps & { to: string; children: ReactNode; title?: string; 'aria-label'?: string }) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}

import './portal.css';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import type { PortalBooking } from '../../shared/api/portal';
import { TestModeBanner } from '../ui/TestModeBanner';
import { useTestModeEnv } from '../ui/use-health';
import { telHref } from './portal-format';

type Operator = PortalBooking['operator'];

/**
 * The frame of every customer page (issue #23), phones first: the test-mode banner (spec 1 §1),
 * a band with the operator's name and `actions` (Sign out), the page's `title` (the browser tab
 * reads '{title} · {operator}') over `children` in one column of at most 760px (520px when
 * `narrow`), and the footer
 * with the operator's contacts and ABTA/ATOL numbers once `operator` is known.
 */
export function PortalFrame({
  title,
  operator,
  actions,
  heading,
  narrow = false,
  children,
}: {
  title: string;
  operator?: Operator;
  actions?: ReactNode;
  /** What shows in place of the plain title (a booking's reference and status). */
  heading?: ReactNode;
  /** A short form (sign-in): the page's content at most 520px wide, within the usual column. */
  narrow?: boolean;
  children: ReactNode;
}) {
  const testEnv = useTestModeEnv();
  const name = operator?.name ?? '';
  useEffect(() => {
    document.title = name ? `${title} · ${name}` : title;
  }, [title, name]);
  return (
    <div className="portal-page">
      {testEnv && <TestModeBanner env={testEnv} />}
      <header className="portal-band">
        <div className="portal-inner portal-band-row">
          <Text fw={700} size="lg" c="white" lh={1.2}>
            {name || 'Manage my booking'}
          </Text>
          {actions}
        </div>
      </header>
      <main id="main" className="portal-inner portal-main">
        <Stack gap="md" maw={narrow ? 520 : undefined}>
          {heading ?? (
            <Title order={1} size="h2">
              {title}
            </Title>
          )}
          {children}
        </Stack>
      </main>
      {operator && <PortalFooter operator={operator} />}
    </div>
  );
}

/** The operator's website as a link target (a bare 'www…' gets https://), or null when it is not a web address. */
const websiteHref = (website: string): string | null => {
  const href = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  return /^https?:\/\/[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(href) ? href : null;
};

/** The operator's contacts: name, address, phone, email, website, ABTA and ATOL numbers. */
export function PortalFooter({ operator }: { operator: Operator }) {
  const website = operator.website ? websiteHref(operator.website) : null;
  return (
    <footer className="portal-footer">
      <div className="portal-inner">
        <Text fw={700}>{operator.name}</Text>
        {operator.address && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {operator.address}
          </Text>
        )}
        <Stack gap={0} mt={4}>
          {operator.phone && (
            <Text size="sm" className="portal-contact">
              Phone <Anchor href={telHref(operator.phone)}>{operator.phone}</Anchor>
            </Text>
          )}
          {operator.email && (
            <Text size="sm" className="portal-contact">
              Email <Anchor href={`mailto:${operator.email}`}>{operator.email}</Anchor>
            </Text>
          )}
          {operator.website && (
            <Text size="sm" className="portal-contact">
              {website ? (
                <Anchor href={website} target="_blank" rel="noopener noreferrer">
                  {operator.website.replace(/^https?:\/\//i, '')}
                </Anchor>
              ) : (
                operator.website
              )}
            </Text>
          )}
        </Stack>
        {(operator.abta_number || operator.atol_number) && (
          <Text size="sm" c="dimmed" mt={4}>
            {[
              operator.abta_number && `ABTA ${operator.abta_number}`,
              operator.atol_number && `ATOL protected: ATOL ${operator.atol_number}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
      </div>
    </footer>
  );
}

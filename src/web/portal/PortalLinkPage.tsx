import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PORTAL_MESSAGES, portalApi } from '../../shared/api/portal';
import { pathTo } from '../../shared/routes';
import { ApiError, api } from '../api/client';
import { savePortalSession } from '../api/portal-session';
import { PortalFrame } from './PortalFrame';
import { usePortalOperator } from './portal-api';

/** What the booking page is told after a link opened it (react-router's location state). */
export interface PortalLinkState {
  /** The link asked to accept the changes: true when they were accepted now, false when none waited. */
  accepted?: boolean;
}

/** The link's fragment `#t=<token>&accept=1`, read once. */
function readFragment(): { token: string; accept: boolean } {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return { token: params.get('t') ?? '', accept: params.get('accept') === '1' };
}

/**
 * /my-booking/link (issue #23): the page an email's link opens. The token rides in the fragment
 * (`#t=<token>`, `&accept=1` for the Accept button), which never reaches a server log or a Referer;
 * it is taken off the address at once (`history.replaceState`), exchanged for a portal session
 * (POST portal/link, accepting the changes when asked) and the booking is shown. An expired or
 * revoked link shows the server's message and the way to sign in instead.
 */
export function PortalLinkPage() {
  const operator = usePortalOperator();
  const [link] = useState(readFragment);
  const navigate = useNavigate();
  const sent = useRef(false);
  const open = useMutation({
    mutationFn: () =>
      api.call(portalApi.openLink, { body: { token: link.token, accept: link.accept || undefined } }),
    onSuccess: (answer) => {
      savePortalSession(answer.token, answer.expires_at);
      const state: PortalLinkState = link.accept ? { accepted: answer.accepted === true } : {};
      void navigate(pathTo('portal-booking'), { replace: true, state });
    },
  });

  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    // Once: the accept it may carry is not to be sent twice (React's strict mode runs effects twice).
    if (sent.current || !link.token) return;
    sent.current = true;
    open.mutate();
  }, [link.token, open.mutate]);

  const failed = !link.token ? PORTAL_MESSAGES.linkInvalid : open.isError ? open.error.message : null;
  return (
    <PortalFrame title="Opening your booking" operator={operator.data} narrow>
      {failed ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title="This link cannot be used">
            {failed}
          </Alert>
          <Group gap="sm">
            <Button component={Link} to={pathTo('portal-sign-in')} size="md">
              Sign in with your booking reference
            </Button>
            {open.isError && mayRetry(open.error) && (
              <Button variant="light" size="md" onClick={() => open.mutate()}>
                Try again
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Center py="xl" aria-busy="true">
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed">{link.accept ? 'Accepting your changes...' : 'Opening your booking...'}</Text>
          </Stack>
        </Center>
      )}
    </PortalFrame>
  );
}

/** A failure that trying again may mend: no answer (0) or the server's own trouble (5xx). */
const mayRetry = (error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

import '../portal/portal.css';
import './agent.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AGENT_MESSAGES, agentSideApi } from '../../shared/api/agent-side';
import { pathTo, type RouteName } from '../../shared/routes';
import { endAgentSession, useAgentSignedIn } from '../api/agent-session';
import { api } from '../api/client';
import { keys } from '../api/query-keys';
import { PortalFooter } from '../portal/PortalFrame';
import { usePortalOperator } from '../portal/portal-api';
import { TestModeBanner } from '../ui/TestModeBanner';
import { useTestModeEnv } from '../ui/use-health';
import { useAgentMe } from './agent-api';

const NAV: { label: string; route: RouteName }[] = [
  { label: 'Bookings', route: 'agent-bookings' },
  { label: 'Book for a client', route: 'agent-book' },
  { label: 'Commission statement', route: 'agent-statement' },
];

/**
 * The frame of every page of the travel agent's side (issue #25), the customer's frame widened: the
 * test-mode banner, a band with the agency's name and — once signed in — its navigation (Bookings,
 * Book for a client, Commission statement) and 'Sign out', the page's `title` (the browser tab
 * reads '{title} · {operator}') over `children`, and the operator's contacts in the footer. A page
 * that needs a session (`signedIn`, the default) goes to the sign-in page without one.
 */
export function AgentFrame({
  title,
  heading,
  narrow = false,
  signedIn: needsSession = true,
  children,
}: {
  title: string;
  /** What shows in place of the plain title (a booking's reference and status). */
  heading?: ReactNode;
  /** A short form (sign-in): the content at most 520px wide. */
  narrow?: boolean;
  /** The page needs an agent session (all but the sign-in page). */
  signedIn?: boolean;
  children: ReactNode;
}) {
  const testEnv = useTestModeEnv();
  const operator = usePortalOperator();
  const signedIn = useAgentSignedIn();
  const me = useAgentMe();
  const operatorName = operator.data?.name ?? '';
  useEffect(() => {
    document.title = operatorName ? `${title} · ${operatorName}` : title;
  }, [title, operatorName]);
  if (needsSession && !signedIn) return <Navigate to={pathTo('agent-sign-in')} replace />;
  return (
    <div className="portal-page agent-page">
      {testEnv && <TestModeBanner env={testEnv} />}
      <header className="portal-band">
        <div className="portal-inner agent-inner portal-band-row agent-band-row">
          <Stack gap={0}>
            <Text size="sm" c="indigo.0" lh={1.3}>
              {operatorName ? `${operatorName} · Agents` : 'Agents'}
            </Text>
            <Text fw={700} size="lg" c="white" lh={1.3}>
              {(signedIn && me.data?.name) || 'Travel agents'}
            </Text>
          </Stack>
          {signedIn && needsSession && <AgentNav />}
        </div>
      </header>
      <main id="main" className="portal-inner agent-inner portal-main">
        <Stack gap="md" maw={narrow ? 520 : undefined}>
          {heading ?? (
            <Title order={1} size="h2">
              {title}
            </Title>
          )}
          {children}
        </Stack>
      </main>
      {operator.data && <PortalFooter operator={operator.data} />}
    </div>
  );
}

/** The band's links (the current page marked) and 'Sign out'. */
function AgentNav() {
  const here = useLocation().pathname;
  return (
    <nav aria-label="Agency" className="agent-nav">
      {NAV.map((item) => {
        const to = pathTo(item.route);
        const current = here === to || (item.route === 'agent-bookings' && here.startsWith(`${to}/`));
        return (
          <Link
            key={item.route}
            to={to}
            className="agent-nav-link"
            aria-current={current ? 'page' : undefined}
          >
            {item.label}
          </Link>
        );
      })}
      <SignOutButton />
    </nav>
  );
}

/** 'Sign out': ends the session on the server (whatever it answers, the tab forgets it) and says so. */
function SignOutButton() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => api.call(agentSideApi.signOut),
    onSettled: () => {
      endAgentSession(AGENT_MESSAGES.signedOut);
      client.removeQueries({ queryKey: keys.agent.all });
      void navigate(pathTo('agent-sign-in'), { replace: true });
    },
  });
  return (
    <Button
      variant="white"
      color="indigo"
      size="md"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
      style={{ flexShrink: 0 }}
    >
      {signOut.isPending ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}

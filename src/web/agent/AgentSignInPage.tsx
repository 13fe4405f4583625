import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  AGENT_MESSAGES,
  type AgentSignInInput,
  agentForgotInput,
  agentSideApi,
  agentSignInInput,
} from '../../shared/api/agent-side';
import { pathTo } from '../../shared/routes';
import { agentEndedNotice, saveAgentSession, useAgentSignedIn } from '../api/agent-session';
import { ApiError, api } from '../api/client';
import { keys } from '../api/query-keys';
import { zodValidate } from '../ui/zod-validate';
import { AgentFrame } from './AgentFrame';

/** What the page says when a session ended and the server gave no reason (it ran out in the tab). */
const AGENT_SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * /agent/sign-in (issue #25): the agency's email and password → POST agent/sign-in → its bookings.
 * The server's refusal shows word for word (a wrong email or password, 429 when throttled); field
 * errors sit at the fields. 'Forgot your password?' sends the office's reset link to the address
 * typed (POST agent/forgot-password, always `AGENT_MESSAGES.resetSent`). Why an earlier session
 * ended (idle, expired, signed out) shows on top.
 */
export function AgentSignInPage() {
  const signedIn = useAgentSignedIn();
  const [ended] = useState(agentEndedNotice);
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<AgentSignInInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: zodValidate(agentSignInInput),
  });
  const signIn = useMutation({
    mutationFn: (values: AgentSignInInput) => api.call(agentSideApi.signIn, { body: values }),
    onSuccess: (answer) => {
      client.removeQueries({ queryKey: keys.agent.all });
      saveAgentSession(answer.token, answer.expires_at);
      void navigate(pathTo('agent-bookings'), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });
  const forgot = useMutation({
    mutationFn: (email: string) => api.call(agentSideApi.forgotPassword, { body: { email } }),
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.email)
        form.setFieldError('email', error.fieldErrors.email[0]);
    },
  });
  const sendReset = () => {
    signIn.reset();
    const checked = agentForgotInput.safeParse({ email: form.values.email });
    if (!checked.success) {
      form.setFieldError('email', checked.error.issues[0]?.message ?? 'Enter your email address.');
      return;
    }
    forgot.mutate(form.values.email);
  };

  if (signedIn) return <Navigate to={pathTo('agent-bookings')} replace />;
  return (
    <AgentFrame title="Sign in to your agency account" narrow signedIn={false}>
      {ended !== null && !signIn.isPending && (
        <Alert color="blue" variant="light" role="status">
          {ended || AGENT_SESSION_ENDED}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Sign in">
        <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
          <Stack gap="md">
            <Text>Sign in with your agency's email address and the password you set from our email.</Text>
            {signIn.isError && !atFields(signIn.error) && (
              <Alert color="red" variant="light" role="alert">
                {signIn.error.message}
              </Alert>
            )}
            <TextInput
              label="Email address"
              type="email"
              autoComplete="username"
              required
              size="md"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              size="md"
              {...form.getInputProps('password')}
            />
            <Button type="submit" size="md" fullWidth disabled={signIn.isPending}>
              {signIn.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
            <Anchor
              component="button"
              type="button"
              onClick={sendReset}
              disabled={forgot.isPending}
              className="portal-tap"
            >
              {forgot.isPending ? 'Sending...' : 'Forgot your password?'}
            </Anchor>
            {forgot.isSuccess && (
              <Alert color="teal" variant="light" role="status">
                {AGENT_MESSAGES.resetSent}
              </Alert>
            )}
            {forgot.isError && !(forgot.error instanceof ApiError && forgot.error.fieldErrors.email) && (
              <Alert color="red" variant="light" role="alert">
                {forgot.error.message}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
      <Text size="sm" c="dimmed">
        No password yet? Ask our office to email your agency a link to set one.
      </Text>
    </AgentFrame>
  );
}

/** Whether the error names the form's fields (its messages then sit there, not in a notice). */
const atFields = (error: Error) =>
  error instanceof ApiError && Object.keys(error.fieldErrors).some((f) => f === 'email' || f === 'password');

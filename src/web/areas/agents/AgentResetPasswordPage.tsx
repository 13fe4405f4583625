import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  type AgentPasswordResetInput,
  agentPasswordApi,
  agentPasswordResetInput,
} from '../../../shared/api/agent-password';
import { PASSWORD_MIN_LENGTH } from '../../../shared/password';
import { pathTo } from '../../../shared/routes';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { PublicPage } from '../../ui/PublicPage';

/**
 * The public page an agent opens from the emailed reset link (/agent/reset-password/{token}),
 * outside the staff shell: the new password twice (the shared rule: at least 12 characters, not a
 * common password — its messages at the field), then POST agents/password/reset. An unknown, used
 * or expired link shows the server's message instead of the form. Once saved, 'Sign in to your
 * agency account' leads to the agent's sign-in page (issue #25).
 */
export function AgentResetPasswordPage() {
  const token = useParams().token ?? '';

  const check = useQuery({
    queryKey: keys.agents.list('reset-token', token),
    queryFn: ({ signal }) => api.call(agentPasswordApi.checkResetToken, { params: { token }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const form = useForm<AgentPasswordResetInput>({
    mode: 'controlled',
    initialValues: { token, password: '', password_confirmation: '' },
    validate: schemaResolver(agentPasswordResetInput, { sync: true }),
  });
  const save = useMutation({
    mutationFn: (values: AgentPasswordResetInput) =>
      api.call(agentPasswordApi.resetPassword, { body: { ...values, token } }),
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });

  let body: ReactNode;
  if (check.isPending) {
    body = (
      <Center py="lg" aria-busy="true">
        <Loader size="sm" />
      </Center>
    );
  } else if (check.isError) {
    body = (
      <Alert color="red" variant="light" title="This link cannot be used">
        {check.error.message}
      </Alert>
    );
  } else if (save.isSuccess) {
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" title="Password saved">
          {save.data.message} You can now sign in to the agent site with your email address and the new
          password.
        </Alert>
        <Button component={Link} to={pathTo('agent-sign-in')} fullWidth>
          Sign in to your agency account
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text size="sm">
          Choose a new password for <strong>{check.data.data.name}</strong> ({check.data.data.email}). It must
          have at least {PASSWORD_MIN_LENGTH} characters and not be a common password.
        </Text>
        {save.isError && (
          <Alert color="red" variant="light" title="The password was not saved">
            {save.error.message}
          </Alert>
        )}
        <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              autoFocus
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            <Button type="submit" fullWidth disabled={save.isPending} mt="xs">
              {save.isPending ? 'Saving...' : 'Set password'}
            </Button>
          </Stack>
        </form>
      </Stack>
    );
  }

  return (
    <PublicPage title="Set your password" maw={440}>
      {body}
    </PublicPage>
  );
}

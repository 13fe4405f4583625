import {
  Alert,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authApi, type LoginRequest, loginRequestSchema } from '../../shared/api/auth';
import { ApiError, api } from '../api/client';
import { clearUserData } from '../api/query-client';
import { saveSession, useSession } from '../api/session';
import { PRODUCT_NAME } from '../theme';
import { useOnFormChange } from '../ui/form';
import { TestModeBanner } from '../ui/TestModeBanner';
import { useTestModeEnv } from '../ui/use-health';
import { afterLoginPath } from './return-to';

/**
 * Spec 1 §2 'Login': email and password; the button reads 'Loading...' and is disabled while
 * signing in; success stores the token and role and goes to the screen asked for (`?next=`, see
 * return-to.ts), else bookings. The server's message (invalid credentials, too many attempts) is
 * shown as it is, until the user changes what they typed or submits again.
 */
export function LoginPage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const testEnv = useTestModeEnv();
  const next = afterLoginPath(useLocation().search);
  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  useEffect(() => {
    document.title = `Sign in · ${PRODUCT_NAME}`;
  }, []);

  const login = useMutation({
    mutationFn: (values: LoginRequest) => api.call(authApi.login, { body: values }),
    onSuccess: (answer) => {
      clearUserData();
      saveSession(answer.Token, answer.user_role);
      void navigate(next, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });
  // The kit's rule for a failed submit's notice: it goes once the form changes (form.tsx).
  useOnFormChange(form, login.reset);

  if (token && !login.isPending) return <Navigate to={next} replace />;

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      {testEnv && <TestModeBanner env={testEnv} />}
      <Center style={{ flex: 1 }} p="md">
        <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400}>
          <Stack gap="lg">
            <div>
              <Text fw={750} size="lg" c="indigo.8">
                {PRODUCT_NAME}
              </Text>
              <Title order={1} size="h3" mt={4}>
                Sign in
              </Title>
            </div>
            {login.isError && (
              <Alert color="red" variant="light" title="Sign-in failed">
                {login.error.message}
              </Alert>
            )}
            <form onSubmit={form.onSubmit((values) => login.mutate(values), login.reset)} noValidate>
              <Stack gap="md">
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  required
                  {...form.getInputProps('email')}
                />
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  required
                  {...form.getInputProps('password')}
                />
                <Button type="submit" fullWidth disabled={login.isPending} mt="xs">
                  {login.isPending ? 'Loading...' : 'Sign in'}
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { PRODUCT_NAME } from '../theme';
import { TestModeBanner } from './TestModeBanner';
import { useTestModeEnv } from './use-health';

/**
 * A screen outside the staff shell (signing in, an agent's password link): the test-mode banner
 * (spec 1 §1), then one centred panel with the product's name and `title` over `children`. The
 * browser tab reads '{title} · {product}'. `maw` is the panel's width in pixels.
 */
export function PublicPage({ title, maw, children }: { title: string; maw: number; children: ReactNode }) {
  const testEnv = useTestModeEnv();
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      {testEnv && <TestModeBanner env={testEnv} />}
      <Center style={{ flex: 1 }} p="md">
        <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={maw}>
          <Stack gap="lg">
            <div>
              <Text fw={750} size="lg" c="indigo.8">
                {PRODUCT_NAME}
              </Text>
              <Title order={1} size="h3" mt={4}>
                {title}
              </Title>
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

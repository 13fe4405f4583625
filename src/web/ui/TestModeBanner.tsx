import { Box, Text } from '@mantine/core';

export const TEST_BANNER_HEIGHT = 28;

/** Spec 1 §1: shows the environment type whenever it is not production. */
export function TestModeBanner({ env }: { env: string }) {
  return (
    <Box
      role="status"
      bg="orange.7"
      h={TEST_BANNER_HEIGHT}
      px="md"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Text size="sm" fw={600} c="white">
        Test mode: {env}
      </Text>
    </Box>
  );
}

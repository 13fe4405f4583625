import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  type Accommodation,
  GALLERY_EMPTY_MESSAGE,
  type GalleryImage,
} from '../../../shared/api/accommodation';
import { api } from '../../api/client';
import { confirmDelete } from '../../ui/confirm';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { useCan } from '../../ui/permissions';

interface GalleryValues {
  links: string[];
}

/**
 * Gallery tab (spec 3 §2, §5 Gallery): thumbnails of the accommodation's image links; role 1 adds
 * links (at least one non-empty: 'Please provide atleast one link.') and removes them.
 */
export function GalleryTab({
  accommodation,
  onChanged,
}: {
  accommodation: Accommodation;
  onChanged: () => void;
}) {
  const mayEdit = useCan('accommodation.update');
  const form = useForm<GalleryValues>({
    initialValues: { links: [''] },
    validate: (v) => {
      const filled = v.links.map((l) => l.trim()).filter(Boolean);
      if (filled.length === 0) return { 'links.0': GALLERY_EMPTY_MESSAGE };
      const errors: Record<string, string> = {};
      v.links.forEach((l, i) => {
        if (l.trim() && !/^https?:\/\/\S+$/i.test(l.trim())) {
          errors[`links.${i}`] = 'Each link must start with http:// or https://.';
        }
      });
      return errors;
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post('/accommodation/handle-gallery', {
        accommodation_id: accommodation.id,
        image_links: v.links.map((l) => l.trim()).filter(Boolean),
      }),
    {
      onSuccess: () => {
        form.setValues({ links: [''] });
        onChanged();
      },
    },
  );
  const remove = useMutation({
    mutationFn: (image: GalleryImage) =>
      api.post<{ message: string }>('/accommodation/delete-gallery-image', {
        accommodation_id: accommodation.id,
        image_links_id: image.id,
      }),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      onChanged();
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Error', message: err.message }),
  });
  const images = accommodation.gallery_image_link;
  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Images
        </Title>
        {images.length === 0 ? (
          <Text c="dimmed" size="sm">
            No images yet.{mayEdit ? ' Add image links below.' : ''}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {images.map((img, i) => (
              <Card key={img.id} withBorder padding="xs" radius="sm">
                <Card.Section>
                  <Image
                    src={img.link}
                    h={120}
                    fit="cover"
                    alt={`Image ${i + 1} of ${accommodation.accommodation_name}`}
                    fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='160' height='120'><rect width='100%' height='100%' fill='%23f1f3f5'/><text x='50%' y='50%' font-family='sans-serif' font-size='12' fill='%23868e96' text-anchor='middle' dominant-baseline='middle'>Image not available</text></svg>"
                  />
                </Card.Section>
                <Group justify="space-between" mt="xs" gap={4} wrap="nowrap">
                  <Anchor href={img.link} target="_blank" rel="noreferrer" size="xs" truncate="end" maw={150}>
                    {img.link}
                  </Anchor>
                  {mayEdit && (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      c="red"
                      disabled={remove.isPending}
                      onClick={async () => {
                        if (
                          await confirmDelete('Are you sure you want to remove this image from the gallery?')
                        ) {
                          remove.mutate(img);
                        }
                      }}
                    >
                      Remove
                    </Anchor>
                  )}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Paper>
      {mayEdit && (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Add image links
          </Title>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="xs">
              {form.values.links.map((_, i) => (
                <Group key={form.key(`links.${i}`)} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    label={`Image link ${i + 1}`}
                    placeholder="https://…"
                    style={{ flex: 1 }}
                    {...form.getInputProps(`links.${i}`)}
                  />
                  {form.values.links.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={`Remove image link ${i + 1}`}
                      onClick={() => form.removeListItem('links', i)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
            <FormActions>
              <Button variant="default" onClick={() => form.insertListItem('links', '')}>
                Add another link
              </Button>
              <SaveButton mode="update" saving={saving} busyLabel="Saving...">
                Save links
              </SaveButton>
            </FormActions>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

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
import {
  type Accommodation,
  accommodationApi,
  type GalleryImage,
  type GalleryInput,
  galleryInput,
} from '../../../shared/api/accommodation';
import { api } from '../../api/client';
import { confirmDelete } from '../../ui/confirm';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';

interface GalleryValues {
  image_links: string[];
}

/**
 * The error of link field `i`: the shared schema drops blank links before it checks the rest, so
 * its issue `image_links.k` names the k-th filled link; 'at least one link' names the whole list
 * and shows at the first field.
 */
function linkError(values: GalleryValues, errors: Record<string, unknown>, i: number) {
  if (i === 0 && errors.image_links) return errors.image_links;
  if (!values.image_links[i]?.trim()) return undefined;
  const k = values.image_links.slice(0, i).filter((l) => l.trim()).length;
  return errors[`image_links.${k}`];
}

/**
 * Gallery tab (spec 3 §2, §5 Gallery): thumbnails of the accommodation's image links; role 1 adds
 * links (at least one non-empty: 'Please provide atleast one link.', checked with the shared
 * `galleryInput`) and removes them.
 */
export function GalleryTab({
  accommodation,
  onChanged,
}: {
  accommodation: Accommodation;
  onChanged: () => void;
}) {
  const mayEdit = useCan('accommodation.update');
  const entity = useEntityForm({
    schema: galleryInput,
    toValues: (): GalleryValues => ({ image_links: [''] }),
    toInput: (v: GalleryValues): GalleryInput => ({
      accommodation_id: accommodation.id,
      image_links: v.image_links,
    }),
    permission: 'accommodation.update',
    mode: 'create',
    send: (body) => api.call(accommodationApi.addGalleryLinks, { body }),
    onSaved: onChanged,
    resetAfterCreate: true,
  });
  const { form } = entity;
  const remove = useNoticeMutation(
    (image: GalleryImage) =>
      api.call(accommodationApi.deleteGalleryImage, {
        body: { accommodation_id: accommodation.id, image_links_id: image.id },
      }),
    { onSuccess: () => onChanged() },
  );
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
          <EntityFormFrame
            entity={entity}
            submitLabel="Save links"
            bare
            actions={
              <Button variant="default" onClick={() => form.insertListItem('image_links', '')}>
                Add another link
              </Button>
            }
          >
            <Stack gap="xs">
              {form.values.image_links.map((_, i) => (
                <Group key={form.key(`image_links.${i}`)} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    label={`Image link ${i + 1}`}
                    placeholder="https://…"
                    style={{ flex: 1 }}
                    {...form.getInputProps(`image_links.${i}`)}
                    error={linkError(form.values, form.errors, i) as string | undefined}
                  />
                  {form.values.image_links.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={`Remove image link ${i + 1}`}
                      onClick={() => form.removeListItem('image_links', i)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
          </EntityFormFrame>
        </Paper>
      )}
    </Stack>
  );
}

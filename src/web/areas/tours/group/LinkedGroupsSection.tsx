import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { groupsApi } from '../../../../shared/api/groups';
import type { TourGroupDetail } from '../../../../shared/api/tour-catalogue';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { formatDate } from '../../../lib/format';
import { confirmAction } from '../../../ui/confirm';
import { ListTable } from '../../../ui/ListTable';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { useCan } from '../../../ui/permissions';
import { Section } from '../../../ui/Section';

/**
 * Linked Groups (spec 3 §2): link another start date of the tour, or unlink one after asking.
 */
export function LinkedGroupsSection({
  g,
  defaultOpen,
  onChanged,
}: {
  g: TourGroupDetail;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayLink = useCan('groups.update');
  const [choice, setChoice] = useState<string | null>(null);
  const change = useNoticeMutation(
    ({ action, otherId }: { action: 'link' | 'unlink'; otherId: number }) =>
      api.call(groupsApi[action], { params: { id: g.id }, body: { id: otherId } }),
    {
      onSuccess: () => {
        setChoice(null);
        onChanged();
      },
    },
  );
  const busy = change.isPending;
  const send = async (action: 'link' | 'unlink', otherId: number) => {
    if (
      action === 'unlink' &&
      !(await confirmAction('Are you sure you want to unlink this group?', { title: 'Unlink group' }))
    )
      return;
    change.mutate({ action, otherId });
  };
  return (
    <Section title="Linked Groups" defaultOpen={defaultOpen}>
      <Stack gap="md">
        {mayLink && (
          <Group align="flex-end" gap="md">
            <Select
              label="Group to link"
              w={280}
              placeholder={g.linkable_groups.length ? 'Choose a group' : 'No other start dates'}
              data={g.linkable_groups.map((o) => ({
                value: String(o.id),
                label: `${formatDate(o.start_date)} (id ${o.id})`,
              }))}
              value={choice}
              onChange={setChoice}
              disabled={g.linkable_groups.length === 0}
              searchable
            />
            <Button disabled={!choice || busy} onClick={() => choice && send('link', Number(choice))}>
              Link group
            </Button>
          </Group>
        )}
        <ListTable
          label="Linked groups"
          records={g.links}
          emptyText="No linked groups"
          columns={[
            {
              accessor: 'start_date',
              title: 'Start date',
              render: (l) => (
                <Anchor component={Link} to={pathTo('tour-group', { id: l.id })} size="sm">
                  {formatDate(l.start_date)}
                </Anchor>
              ),
            },
            { accessor: 'id', title: 'Group id' },
            {
              accessor: 'actions',
              title: '',
              render: (l) =>
                mayLink ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    c="red"
                    disabled={busy}
                    onClick={() => send('unlink', l.id)}
                  >
                    Unlink
                  </Anchor>
                ) : null,
            },
          ]}
        />
      </Stack>
    </Section>
  );
}

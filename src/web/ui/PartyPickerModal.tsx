import { Button, CloseButton, Group, Input, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { type AffiliateRow, affiliatesApi } from '../../shared/api/affiliates';
import { type AgentRow, agentsApi } from '../../shared/api/agents';
import type { Endpoint } from '../../shared/api/contract';
import { keys } from '../api/query-keys';
import { Modal } from './Modal';
import { ServerTable, type ServerTableColumn } from './ServerTable';

/** A chosen agent or affiliate: its id, name and trade code (ABTA no. or affiliate code). */
export interface PartyChoice {
  id: number;
  name: string;
  code?: string | null;
}

export type PartyKind = 'agent' | 'affiliate';

/** A row of either picker table: an agent's (ABTA no., postcode) or an affiliate's (code). */
type PartyRow = Pick<AgentRow, 'id' | 'name'> &
  Partial<Pick<AgentRow, 'abta' | 'postcode'>> &
  Partial<Pick<AffiliateRow, 'code'>>;

/** Spec 1 §7: the picker tables of GET agents/table and affiliates/table. */
const kinds: Record<
  PartyKind,
  { noun: string; endpoint: Endpoint; keyPrefix: readonly unknown[]; columns: ServerTableColumn<PartyRow>[] }
> = {
  agent: {
    noun: 'agent',
    endpoint: agentsApi.table,
    keyPrefix: keys.agents.all,
    columns: [
      { accessor: 'name', title: 'Name', sortable: true },
      { accessor: 'abta', title: 'ABTA no.', sortable: true, noWrap: true },
      { accessor: 'postcode', title: 'Postcode', sortable: true, noWrap: true },
    ],
  },
  affiliate: {
    noun: 'affiliate',
    endpoint: affiliatesApi.table,
    keyPrefix: keys.affiliates.all,
    columns: [
      { accessor: 'name', title: 'Name', sortable: true },
      { accessor: 'code', title: 'Code', sortable: true, noWrap: true },
    ],
  },
};

/** Spec 1 §9: picker tables show 5 rows per page. */
const PICKER_PAGE_SIZE = 5;
/** The spec gives no delay for picker searches; half a second keeps them responsive. */
const PICKER_SEARCH_DELAY = 500;

export interface PartyPickerModalProps {
  kind: PartyKind;
  label: string;
  value: PartyChoice | null;
  onChange: (value: PartyChoice | null) => void;
}

/**
 * A field showing the chosen agent or affiliate; it opens a modal with a searchable server-side
 * table of 5 rows a page and a Select button per row. The clear button empties it.
 */
export function PartyPickerModal({ kind, label, value, onChange }: PartyPickerModalProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const id = useId();
  const { noun, endpoint, keyPrefix, columns } = kinds[kind];

  const choose = (row: PartyRow) => {
    onChange({ id: row.id, name: row.name, code: kind === 'agent' ? row.abta : row.code });
    close();
  };

  const pickerColumns: ServerTableColumn<PartyRow>[] = [
    ...columns,
    {
      accessor: 'select',
      title: <VisuallyHidden>Choose</VisuallyHidden>,
      textAlign: 'right',
      width: 90,
      render: (row) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => choose(row)}
          aria-label={`Select ${row.name}`}
        >
          Select
        </Button>
      ),
    },
  ];

  return (
    <>
      <Input.Wrapper label={label} id={id}>
        <Group gap={6} wrap="nowrap">
          <Input
            id={id}
            component="button"
            type="button"
            pointer
            onClick={open}
            style={{ flex: 1, minWidth: 0 }}
            rightSection={
              <Text size="xs" c="dimmed">
                Choose
              </Text>
            }
            rightSectionWidth={64}
            aria-haspopup="dialog"
            aria-label={`${label}: ${value ? value.name : `no ${noun} chosen`}. Choose an ${noun}`}
          >
            {value ? (
              <Text span size="sm" truncate>
                {value.name}
                {value.code ? ` (${value.code})` : ''}
              </Text>
            ) : (
              <Input.Placeholder>No {noun} chosen</Input.Placeholder>
            )}
          </Input>
          {value && <CloseButton aria-label={`Clear ${noun}`} onClick={() => onChange(null)} />}
        </Group>
      </Input.Wrapper>
      <Modal opened={opened} onClose={close} title={`Choose an ${noun}`} size="lg">
        {opened && (
          <ServerTable<PartyRow>
            label={`${noun[0].toUpperCase()}${noun.slice(1)}s`}
            endpoint={endpoint}
            queryKeyPrefix={keyPrefix}
            columns={pickerColumns}
            pageSizes={[PICKER_PAGE_SIZE]}
            defaultOrder={{ column: 0, dir: 'asc' }}
            quickSearch
            searchDelay={PICKER_SEARCH_DELAY}
            searchPlaceholder={kind === 'agent' ? 'Name, ABTA no. or postcode' : 'Name or code'}
            emptyText={`No ${noun}s found`}
          />
        )}
      </Modal>
    </>
  );
}

import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  defaultGroupDocumentName,
  GROUP_DOCUMENTS,
  type GroupDocumentCode,
  groupDocumentLabel,
  groupDocumentsApi,
} from '../../../shared/api/group-documents';
import type { TourGroupDetail } from '../../../shared/api/tour-catalogue';
import { api } from '../../api/client';
import { Modal } from '../../ui/Modal';
import { Section } from '../../ui/Section';

/** The three ways out of a group document (spec 3 §2). */
type Output = 'xlsx' | 'pdf' | 'print';
const OUTPUTS: { output: Output; label: string; busy: string }[] = [
  { output: 'xlsx', label: 'Download', busy: 'Downloading...' },
  { output: 'pdf', label: 'Download Pdf', busy: 'Downloading...' },
  { output: 'print', label: 'Print', busy: 'Preparing...' },
];

interface Ask {
  document: GroupDocumentCode;
  output: Output;
  excludeCancellations: boolean;
}

/**
 * Documents of a tour group (spec 3 §2 Tour group 'Documents', §7, §9): the flight manifests
 * outbound and return (air tours only) and the rooming list, each with 'Exclude cancellations?'
 * and Download (xlsx), Download Pdf and Print. Each asks for the Document Name first (default:
 * the label and the group's dates, start to start + duration − 1). Print opens the PDF in a new
 * tab (the stored copy, fetched after the print call answers).
 */
export function GroupDocumentsSection({ g, defaultOpen }: { g: TourGroupDetail; defaultOpen: boolean }) {
  const documents = GROUP_DOCUMENTS.filter((d) => !d.airOnly || g.tour.tour_type === 'air');
  const [exclude, setExclude] = useState<Record<string, boolean>>({});
  const [ask, setAsk] = useState<Ask | null>(null);
  const [busy, setBusy] = useState<{ document: GroupDocumentCode; output: Output } | null>(null);
  const duration = g.duration ?? g.tour.duration;

  const run = async ({ document, output, excludeCancellations }: Ask, name: string) => {
    setAsk(null);
    // Opened now, while the click still counts, so the browser does not block it as a pop-up.
    const tab = output === 'print' ? window.open('', '_blank') : null;
    setBusy({ document, output });
    const body = { document, excludeCancellations, name };
    const params = { id: g.id };
    try {
      if (output === 'xlsx')
        await api.call(groupDocumentsApi.spreadsheet, { params, body, fallbackName: `${name}.xlsx` });
      else if (output === 'pdf')
        await api.call(groupDocumentsApi.pdf, { params, body, fallbackName: `${name}.pdf` });
      else {
        const stored = await api.call(groupDocumentsApi.print, { params, body });
        const { blob } = await api.file(groupDocumentsApi.download, {
          params: { file: stored.file },
          query: { name: stored.name },
        });
        const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        if (tab && !tab.closed) tab.location.href = url;
        else window.open(url, '_blank');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      }
    } catch (err) {
      tab?.close();
      // Spec 3 §8: a failed download shows the answer's message.
      notifications.show({ color: 'red', title: 'Error', message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="Documents" defaultOpen={defaultOpen}>
      <Stack gap="xs">
        <Table aria-label="Group documents" verticalSpacing="sm" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Options</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Get it as</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((d) => (
              <Table.Tr key={d.code}>
                <Table.Td fw={500}>{d.label}</Table.Td>
                <Table.Td>
                  <Checkbox
                    label="Exclude cancellations?"
                    aria-label={`Exclude cancellations from the ${d.label}?`}
                    checked={exclude[d.code] ?? false}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setExclude((x) => ({ ...x, [d.code]: checked }));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {OUTPUTS.map((o) => {
                      const mine = busy?.document === d.code && busy.output === o.output;
                      return (
                        <Button
                          key={o.output}
                          size="xs"
                          variant={o.output === 'xlsx' ? 'filled' : 'light'}
                          disabled={busy !== null}
                          aria-label={`${o.label} ${d.label}`}
                          onClick={() =>
                            setAsk({
                              document: d.code,
                              output: o.output,
                              excludeCancellations: exclude[d.code] ?? false,
                            })
                          }
                        >
                          {mine ? o.busy : o.label}
                        </Button>
                      );
                    })}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {g.tour.tour_type !== 'air' && (
          <Text size="xs" c="dimmed">
            Flight manifests are offered for air tours only.
          </Text>
        )}
      </Stack>
      <DocumentNameModal
        ask={ask}
        defaultName={ask ? defaultGroupDocumentName(ask.document, g.start_date, duration) : ''}
        onCancel={() => setAsk(null)}
        onConfirm={(name) => ask && void run(ask, name)}
      />
    </Section>
  );
}

/** The modal that asks for the Document Name before a document is made (spec 3 §2). */
function DocumentNameModal({
  ask,
  defaultName,
  onCancel,
  onConfirm,
}: {
  ask: Ask | null;
  defaultName: string;
  onCancel: () => void;
  onConfirm: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [shownFor, setShownFor] = useState<Ask | null>(null);
  // A new request starts from the default name.
  if (ask !== shownFor) {
    setShownFor(ask);
    setName(defaultName);
  }
  const output = OUTPUTS.find((o) => o.output === ask?.output);
  const what = ask
    ? `${groupDocumentLabel(ask.document)}, ${ask.output === 'xlsx' ? 'spreadsheet' : 'PDF'}, ${ask.excludeCancellations ? 'cancellations excluded' : 'cancellations included'}`
    : '';
  const submit = () => onConfirm(name.trim() || defaultName);
  return (
    <Modal opened={ask !== null} onClose={onCancel} title="Document Name" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {what}
          </Text>
          <TextInput
            label="Document Name"
            description="Also the file's name."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={150}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">{output?.label ?? 'Continue'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

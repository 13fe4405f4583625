import { Anchor, Button, FileInput, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BANK_FILE_FIELD, bankStatementsApi } from '../../../shared/api/bank-statements';
import { pathTo } from '../../../shared/routes';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { CsvMappingModal } from './CsvMappingModal';

/** A CSV is read through a bank's saved mapping; camt.053 and OFX name their own fields. */
const isCsv = (file: File | null) => !!file && /\.(csv|txt)$/i.test(file.name);

/**
 * Import a statement (issue #26): the file (camt.053 XML, OFX, or a bank's CSV with the bank whose
 * saved column mapping reads it), then on to the statement's review, where a large file's
 * matching shows its progress.
 */
export function ImportStatementModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [bank, setBank] = useState<string | null>(null);
  const [mapping, setMapping] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mappings = useQuery({
    queryKey: keys.bankStatements.sub(0, 'mappings'),
    queryFn: () => api.call(bankStatementsApi.mappings),
  });
  const importing = useNoticeMutation(
    () =>
      api.call(bankStatementsApi.import, {
        body: { [BANK_FILE_FIELD]: file, bank_name: isCsv(file) ? (bank ?? undefined) : undefined },
      }),
    {
      onSuccess: (answer) => {
        void qc.invalidateQueries({ queryKey: keys.bankStatements.all });
        onClose();
        navigate(pathTo('bank-statement', { id: answer.data.id }));
      },
      onError: (e) =>
        setErrors(
          e instanceof ApiError
            ? Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]]))
            : {},
        ),
    },
  );
  const banks = (mappings.data?.data ?? []).map((m) => m.bank_name);
  return (
    <Modal opened onClose={onClose} title="Import a bank statement" size="lg">
      <form
        aria-label="Import a bank statement"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return setErrors({ file: 'Choose a statement file.' });
          setErrors({});
          importing.mutate();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">
            ISO 20022 camt.053 (XML), OFX, or your bank&apos;s CSV export. Lines imported before are skipped,
            so an overlapping statement records nothing twice.
          </Text>
          <FileInput
            label="Statement file"
            placeholder="Choose a .xml, .ofx or .csv file"
            accept=".xml,.ofx,.qfx,.csv,.txt"
            value={file}
            onChange={setFile}
            error={errors.file}
            clearable
            data-autofocus
          />
          {isCsv(file) && (
            <Group align="flex-end" gap="sm">
              <Select
                label="Bank (CSV column mapping)"
                placeholder={banks.length ? 'Choose the bank' : 'No mapping saved yet'}
                data={banks}
                value={bank}
                onChange={setBank}
                error={errors.bank_name}
                w={280}
              />
              <Anchor component="button" type="button" size="sm" mb={8} onClick={() => setMapping(true)}>
                Save a column mapping…
              </Anchor>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={importing.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
      {mapping && (
        <CsvMappingModal
          onClose={() => setMapping(false)}
          onSaved={(name) => {
            setBank(name);
            setMapping(false);
          }}
        />
      )}
    </Modal>
  );
}

import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import {
  BANK_FORMAT_LABELS,
  type BankStatementRow,
  bankStatementsApi,
} from '../../../shared/api/bank-statements';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatDateTime } from '../../lib/format';
import { EntityListPage } from '../../ui/entity-list';
import { Can } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { ImportStatementModal } from './ImportStatementModal';

/**
 * Bank statements (/bank-statements, issue #26): the imports, newest first, with what each found
 * (matched, suggested, unmatched, recorded, debits); 'Import statement' for role 1.
 */
export function BankStatementsPage() {
  const [importing, setImporting] = useState(false);
  return (
    <>
      <EntityListPage<BankStatementRow>
        title="Bank statements"
        headerActions={
          <Can permission="bankStatements.import">
            <Button onClick={() => setImporting(true)}>Import statement</Button>
          </Can>
        }
        endpoint={bankStatementsApi.table}
        queryKey={keys.bankStatements.all}
        columns={[
          {
            accessor: 'created_at',
            title: 'Imported',
            sortable: true,
            render: (r) => (
              <RouterAnchor to={pathTo('bank-statement', { id: r.id })}>
                {formatDateTime(r.created_at as string)}
              </RouterAnchor>
            ),
          },
          { accessor: 'file_name', title: 'File', sortable: true },
          { accessor: 'format', title: 'Format', render: (r) => BANK_FORMAT_LABELS[r.format] },
          { accessor: 'imported_by_name', title: 'By', render: (r) => r.imported_by_name ?? '' },
          {
            accessor: 'lines',
            title: 'Lines',
            render: (r) =>
              r.lines_skipped
                ? `${r.lines_in_file} (${r.lines_skipped} imported before)`
                : String(r.lines_in_file),
          },
          {
            accessor: 'counts',
            title: 'Found',
            render: (r) =>
              r.status === 'matching' ? (
                <Badge color="gray">Matching…</Badge>
              ) : (
                `${r.matched} matched · ${r.suggested} suggested · ${r.unmatched} unmatched · ${r.recorded} recorded · ${r.debit} debits`
              ),
          },
        ]}
        search="File or account…"
        emptyText="No statements imported yet"
      />
      {importing && <ImportStatementModal onClose={() => setImporting(false)} />}
    </>
  );
}

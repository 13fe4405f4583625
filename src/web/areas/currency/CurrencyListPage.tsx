import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type CurrencyRow, currencyApi } from '../../../shared/api/currency';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatDate, formatRate } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Currency exchange rates (/currency-exchange, spec 2 §2): name, short name, symbol, start and end
 * date (DD/MM/YYYY), rate; Edit; Delete and New Exchange Rate for role 1.
 */
export function CurrencyListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('currency.delete');
  const columns: ServerTableColumn<CurrencyRow>[] = [
    { accessor: 'name', title: 'Name', sortable: true },
    { accessor: 'short_name', title: 'Short name', sortable: true },
    { accessor: 'symbol', title: 'Symbol', sortable: true, render: (r) => r.symbol ?? '' },
    { accessor: 'start_date', title: 'Start date', sortable: true, render: (r) => formatDate(r.start_date) },
    { accessor: 'end_date', title: 'End date', sortable: true, render: (r) => formatDate(r.end_date) },
    {
      accessor: 'exchange_rate',
      title: 'Exchange rate',
      sortable: true,
      textAlign: 'right',
      render: (r) => formatRate(r.exchange_rate),
    },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('currency-exchange-edit', { id: r.currency_id })} permission="currency.save" />
          {mayDelete && (
            <DeleteAction
              endpoint={currencyApi.delete}
              params={{ id: r.currency_id }}
              confirmMessage={`Are you sure you want to delete the ${r.short_name} exchange rate from ${formatDate(r.start_date)} ?`}
              onDeleted={() => table.current?.reload()}
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Currency exchange rates"
        actions={
          <Can permission="currency.save">
            <Button component={Link} to={pathTo('currency-exchange-create')}>
              New Exchange Rate
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<CurrencyRow>
          ref={table}
          label="Currency exchange rates"
          endpoint={currencyApi.table}
          queryKeyPrefix={keys.currency.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Name, short name or symbol…"
          emptyText="No exchange rates found"
        />
      </Paper>
    </>
  );
}

import { type CurrencyRow, currencyApi } from '../../../shared/api/currency';
import { exchangeRateText } from '../../../shared/money-text';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { EntityListPage } from '../../ui/entity-list';

/**
 * Currency exchange rates (/currency-exchange, spec 2 §2): name, short name, symbol, start and end
 * date (DD/MM/YYYY), rate; Edit; Delete and New Exchange Rate for role 1.
 */
export function CurrencyListPage() {
  return (
    <EntityListPage<CurrencyRow>
      title="Currency exchange rates"
      create={{ label: 'New Exchange Rate', route: 'currency-exchange-create', permission: 'currency.save' }}
      endpoint={currencyApi.table}
      queryKey={keys.currency.all}
      columns={[
        { accessor: 'name', title: 'Name', sortable: true },
        { accessor: 'short_name', title: 'Short name', sortable: true },
        { accessor: 'symbol', title: 'Symbol', sortable: true, render: (r) => r.symbol ?? '' },
        {
          accessor: 'start_date',
          title: 'Start date',
          sortable: true,
          render: (r) => formatDate(r.start_date),
        },
        { accessor: 'end_date', title: 'End date', sortable: true, render: (r) => formatDate(r.end_date) },
        {
          accessor: 'exchange_rate',
          title: 'Exchange rate',
          sortable: true,
          textAlign: 'right',
          render: (r) => exchangeRateText(r.symbol || `${r.short_name} `, r.exchange_rate),
        },
      ]}
      actions={{
        width: 140,
        rowId: (r) => r.currency_id,
        edit: { route: 'currency-exchange-edit', permission: 'currency.save' },
        delete: {
          endpoint: currencyApi.delete,
          permission: 'currency.delete',
          confirm: (r) =>
            `Are you sure you want to delete the ${r.short_name} exchange rate from ${formatDate(r.start_date)} ?`,
        },
      }}
      search="Name, short name or symbol…"
      emptyText="No exchange rates found"
    />
  );
}

import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { QueryProblem } from './QueryProblem';

/**
 * A short list the API answers whole (`{data: [...]}`, e.g. pickup regions, brochures), shown in
 * the same table style as `ServerTable`: loader while fetching, an error with 'Try again', and
 * `emptyText` when there is nothing. Lists that can grow large use `ServerTable` instead.
 */
export function ListTable<T extends { id: number }>({
  records,
  loading = false,
  error,
  onRetry,
  columns,
  label,
  emptyText = 'No records found',
}: {
  /** The rows; undefined while the first answer is awaited. */
  records: T[] | undefined;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  columns: DataTableColumn<T>[];
  label: string;
  emptyText?: string;
}) {
  const rows = records ?? [];
  return (
    <div>
      {error && <QueryProblem query={{ error, refetch: onRetry }} what="list" mb="sm" />}
      <DataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        verticalAlign="center"
        minHeight={rows.length ? undefined : 150}
        columns={columns}
        records={rows}
        fetching={loading && !records}
        loaderType="dots"
        noRecordsText={loading && !records ? 'Loading…' : emptyText}
      />
    </div>
  );
}

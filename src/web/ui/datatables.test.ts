import { describe, expect, it } from 'vitest';
import { buildTableQuery, cleanFilters, nestBracketKeys, recordsText } from './datatables';

describe('buildTableQuery (DataTables server-side protocol)', () => {
  const columns = [
    { accessor: 'booking_ref', sortable: true },
    { accessor: 'departure_date', sortable: true },
    { accessor: 'action' },
  ];

  it('sends paging, search, order, columns and the filters', () => {
    const q = buildTableQuery({
      draw: 3,
      page: 3,
      pageSize: 25,
      search: ' smith ',
      orderColumn: 1,
      orderDir: 'desc',
      columns,
      filters: {
        search_by_ref: 'AB1',
        search_by_agent: 7,
        search_by_customer: '',
        search_by_airline_ref: null,
      },
    });
    expect(q).toEqual({
      draw: 3,
      start: 50,
      length: 25,
      'search[value]': 'smith',
      'order[0][column]': 1,
      'order[0][dir]': 'desc',
      'columns[0][data]': 'booking_ref',
      'columns[0][orderable]': 'true',
      'columns[1][data]': 'departure_date',
      'columns[1][orderable]': 'true',
      'columns[2][data]': 'action',
      'columns[2][orderable]': 'false',
      search_by_ref: 'AB1',
      search_by_agent: 7,
    });
  });

  it('leaves the order to the server when none is chosen', () => {
    const q = buildTableQuery({
      draw: 1,
      page: 1,
      pageSize: 5,
      search: '',
      orderColumn: null,
      orderDir: 'asc',
      columns,
    });
    expect(q['order[0][column]']).toBeUndefined();
    expect(q.start).toBe(0);
  });
});

describe('cleanFilters', () => {
  it('drops blanks and trims text', () => {
    expect(cleanFilters({ a: ' x ', b: '  ', c: null, d: undefined, e: 0, f: false })).toEqual({
      a: 'x',
      e: 0,
      f: false,
    });
  });
});

describe('recordsText', () => {
  it('shows the count and the unfiltered total when filtered', () => {
    expect(recordsText(1, 25, 1234, 1234)).toBe('Showing 1 to 25 of 1,234 records');
    expect(recordsText(1, 1, 1, 50)).toBe('Showing 1 to 1 of 1 record (filtered from 50)');
    expect(recordsText(0, 0, 0, 50)).toBe('No records (filtered from 50)');
  });
});

describe('nestBracketKeys (a POST table body, as qs nests brackets)', () => {
  it('nests search, order and columns and keeps plain keys', () => {
    expect(
      nestBracketKeys({
        draw: 2,
        start: 15,
        length: 15,
        'search[value]': 'pay',
        'order[0][column]': 0,
        'order[0][dir]': 'desc',
        'columns[0][data]': 'created_at',
        'columns[0][orderable]': 'true',
        'columns[1][data]': 'user',
        skipped: undefined,
      }),
    ).toEqual({
      draw: 2,
      start: 15,
      length: 15,
      search: { value: 'pay' },
      order: [{ column: 0, dir: 'desc' }],
      columns: [{ data: 'created_at', orderable: 'true' }, { data: 'user' }],
    });
  });
});

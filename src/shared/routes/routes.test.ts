import { describe, expect, it } from 'vitest';
import { navigation, pathTo, type RouteName, routeByName, routes, routeTrail } from '.';

describe('route table', () => {
  it('has unique names and paths, and every parent exists', () => {
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = routes.flatMap((r) => [r.path, ...(r.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of routes) if (r.parent) expect(routeByName[r.parent as RouteName], r.name).toBeDefined();
  });

  it('carries every route name the specs use', () => {
    const named = [
      'booking-edit',
      'customer-edit',
      'agent-edit',
      'affiliate-edit',
      'tour-edit',
      'tour-group',
      'tour-instance',
      'tour-accommodation',
      'flight-edit',
      'supplier-edit',
      'edit-tour-manager',
      'flight-instance',
      'accommodation-room-edit',
      'accommodation-edit',
      'regions-edit',
      'system-setting-edit',
      'brochure-request-edit',
      'cancellation-index',
      'cancellation-edit',
      'create-cancellation',
      'create-new-customer',
      'duplicate-customer-detail',
      'admin-user-index',
      'currency-exchange-index',
      'backups-list',
      'monthly-accounts',
      'summary-index',
      'tour-manager',
      'create-tour-manager',
      'bulk-update-flights',
      'resort-edit',
      'email-template',
      'edit-template',
    ];
    for (const n of named) expect(routeByName[n as RouteName], n).toBeDefined();
  });

  it('keeps the spec spellings and both readings', () => {
    expect(routeByName['backups-list'].path).toBe('/backups-managemenet');
    expect(routeByName['agent-edit'].aliases).toContain('/agent/edit/:id');
    expect(routeByName['tour-group'].aliases).toContain('/groups/:id');
    expect(routeByName['supplier-edit'].path).toBe('/supplier/edit/:id');
  });

  it('navigation follows spec 1 §2 and points at known routes', () => {
    // Spec 1 §2's twenty links, and Bank statements (issue #26) after Reports.
    expect(navigation).toHaveLength(21);
    expect(navigation.map((n) => n.route)).toContain('bank-statements');
    expect(navigation[0]).toEqual({ label: 'Bookings', route: 'bookings' });
    expect(navigation.at(-1)?.route).toBe('advertise-sizes');
    for (const item of navigation) expect(routeByName[item.route]).toBeDefined();
  });
});

describe('pathTo', () => {
  it('fills parameters and encodes them', () => {
    expect(pathTo('bookings')).toBe('/bookings');
    expect(pathTo('booking-edit', { id: 12 })).toBe('/bookings/edit/12');
    expect(pathTo('duplicate-customer-detail', { email: 'a+b@x.test' })).toBe(
      '/customers/duplicate-customer-detail/a%2Bb%40x.test',
    );
  });

  it('appends the query and leaves out empty values', () => {
    expect(pathTo('create-new-customer', undefined, { postcode: 'SW1A 1AA', x: '', y: null })).toBe(
      '/customers/create?postcode=SW1A+1AA',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => pathTo('booking-edit')).toThrow(/needs parameter id/);
  });

  it('builds breadcrumb trails from parents', () => {
    expect(routeTrail('duplicate-customer-detail').map((r) => r.name)).toEqual([
      'customers',
      'duplicate-customers',
      'duplicate-customer-detail',
    ]);
  });
});

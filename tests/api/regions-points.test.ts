import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createTourInstance } from '../helpers/factories';

// Coach pickup regions and points (spec 3 §2 'Regions and points', §7): not role-gated (spec 3 §6).
describe.each(testDbKinds)('pickup regions and points on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  it('creates, lists, renames and deletes regions and points, and manages a region’s points', async () => {
    const region = await call('POST', '/pickup/regions', t.accountantToken, { region_name: ' South West ' });
    expect(region.statusCode).toBe(200);
    expect(region.json()).toMatchObject({ success: true, message: 'Region created successfully.' });
    const regionId = region.json().data.id;

    const bristol = await call('POST', '/pickup/', t.adminToken, {
      pickup_point_name: 'Bristol Bus Station',
    });
    expect(bristol.json()).toMatchObject({ success: true, message: 'Pickup point created successfully.' });
    const bristolId = bristol.json().data.id;
    const exeterId = (
      await call('POST', '/pickup', t.adminToken, { pickup_point_name: 'Exeter Bus Station' })
    ).json().data.id;

    const added = await call('POST', '/pickup/add', t.accountantToken, {
      pickup_point_region: regionId,
      pickup_point_id: bristolId,
    });
    expect(added.json()).toMatchObject({ success: true, message: 'Pickup point added to the region.' });
    await call('POST', '/pickup/add', t.adminToken, {
      pickup_point_region: String(regionId),
      pickup_point_id: exeterId,
    });

    const again = await call('POST', '/pickup/add', t.adminToken, {
      pickup_point_region: regionId,
      pickup_point_id: bristolId,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ pickup_point_id: ['This pickup point is already in the region.'] });

    const one = await call('GET', `/pickup/regions/${regionId}`, t.accountantToken);
    expect(one.json().data[0]).toEqual({
      id: regionId,
      region_name: 'South West',
      pick_up_points: [
        { id: bristolId, pickup_point_name: 'Bristol Bus Station' },
        { id: exeterId, pickup_point_name: 'Exeter Bus Station' },
      ],
    });

    const list = await call('GET', '/pickup/regions/', t.accountantToken);
    expect(list.json().data).toContainEqual(one.json().data[0]);
    const points = await call('GET', '/pickup/', t.accountantToken);
    expect(points.json().data).toContainEqual({
      id: bristolId,
      pickup_point_name: 'Bristol Bus Station',
      region_names: ['South West'],
    });

    const removed = await call('POST', '/pickup/remove/', t.adminToken, {
      pickup_point_region: regionId,
      pickup_point_id: bristolId,
    });
    expect(removed.json()).toMatchObject({ success: true, message: 'Pickup point removed from the region.' });
    const notThere = await call('POST', '/pickup/remove/', t.adminToken, {
      pickup_point_region: regionId,
      pickup_point_id: bristolId,
    });
    expect(notThere.statusCode).toBe(404);
    expect(
      (await call('GET', `/pickup/regions/${regionId}`, t.adminToken)).json().data[0].pick_up_points,
    ).toEqual([{ id: exeterId, pickup_point_name: 'Exeter Bus Station' }]);

    const renamed = await call('POST', `/pickup/regions/${regionId}`, t.accountantToken, {
      region_name: 'South West England',
    });
    expect(renamed.json()).toMatchObject({ success: true, message: 'Region updated successfully.' });
    expect((await call('GET', `/pickup/regions/${regionId}`, t.adminToken)).json().data[0].region_name).toBe(
      'South West England',
    );

    // Deleting a point takes it out of its regions; deleting a region keeps its points.
    expect((await call('POST', `/pickup/${exeterId}/delete`, t.accountantToken)).json()).toMatchObject({
      success: true,
      message: 'Pickup point deleted successfully.',
    });
    expect(
      (await call('GET', `/pickup/regions/${regionId}`, t.adminToken)).json().data[0].pick_up_points,
    ).toEqual([]);
    await call('POST', '/pickup/add', t.adminToken, {
      pickup_point_region: regionId,
      pickup_point_id: bristolId,
    });
    const deleted = await call('POST', `/pickup/regions/${regionId}/delete`, t.accountantToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Region deleted successfully.' });
    expect((await call('GET', `/pickup/regions/${regionId}`, t.adminToken)).statusCode).toBe(404);
    const after = (await call('GET', '/pickup', t.adminToken)).json().data;
    expect(after).toContainEqual({
      id: bristolId,
      pickup_point_name: 'Bristol Bus Station',
      region_names: [],
    });
  });

  it('answers 422 with the field messages and 404 for unknown ids', async () => {
    const noName = await call('POST', '/pickup/regions', t.adminToken, { region_name: '  ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors).toEqual({ region_name: ['Region name is required.'] });
    const noPoint = await call('POST', '/pickup/', t.adminToken, {});
    expect(noPoint.statusCode).toBe(422);
    expect(noPoint.json().errors).toEqual({ pickup_point_name: ['Pickup point name is required.'] });

    await call('POST', '/pickup/regions', t.adminToken, { region_name: 'East Anglia' });
    const dup = await call('POST', '/pickup/regions', t.adminToken, { region_name: 'east anglia' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ region_name: ['A region with this name already exists.'] });
    await call('POST', '/pickup/', t.adminToken, { pickup_point_name: 'Norwich Bus Station' });
    const dupPoint = await call('POST', '/pickup/', t.adminToken, {
      pickup_point_name: 'Norwich bus station',
    });
    expect(dupPoint.json().errors).toEqual({
      pickup_point_name: ['A pickup point with this name already exists.'],
    });

    const badAdd = await call('POST', '/pickup/add', t.adminToken, { pickup_point_region: 'x' });
    expect(badAdd.statusCode).toBe(422);
    expect(Object.keys(badAdd.json().errors).sort()).toEqual(['pickup_point_id', 'pickup_point_region']);
    const unknownRegion = await call('POST', '/pickup/add', t.adminToken, {
      pickup_point_region: 999999,
      pickup_point_id: 1,
    });
    expect(unknownRegion.statusCode).toBe(404);
    expect((await call('GET', '/pickup/regions/999999', t.adminToken)).statusCode).toBe(404);
    expect(
      (await call('POST', '/pickup/regions/999999', t.adminToken, { region_name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/pickup/regions/999999/delete', t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', '/pickup/999999/delete', t.adminToken)).statusCode).toBe(404);
  });

  it('refuses to delete a region that tour groups use and a point that tour instances use', async () => {
    const { group, instance } = await createTourInstance(t.db, { tour_type: 'coach' });
    const regionId = (await call('POST', '/pickup/regions', t.adminToken, { region_name: 'Scotland' })).json()
      .data.id;
    const pointId = (
      await call('POST', '/pickup/', t.adminToken, { pickup_point_name: 'Glasgow Buchanan' })
    ).json().data.id;
    await t.db.execute(`update tour_groups set pick_up_point_region_id = ${regionId} where id = ${group.id}`);
    await t.db.execute(`update tour_instances set pickup_point_id = ${pointId} where id = ${instance.id}`);

    const region = await call('POST', `/pickup/regions/${regionId}/delete`, t.adminToken);
    expect(region.statusCode).toBe(409);
    expect(region.json()).toMatchObject({
      success: false,
      message: 'This region cannot be deleted: tour groups use it.',
    });
    const point = await call('POST', `/pickup/${pointId}/delete`, t.adminToken);
    expect(point.statusCode).toBe(409);
    expect(point.json().message).toBe('This pickup point cannot be deleted: tour instances use it.');
  });
});

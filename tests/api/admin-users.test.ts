import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, signIn, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Admin users (spec 2 §2 Admin users, §3, §7 admin-users/*): role 1 only, reads included.
describe.each(testDbKinds)('admin users on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const handle = (payload: object, token = t.adminToken) =>
    call('POST', '/admin-users/handle-user', token, payload);
  const idOf = async (email: string) =>
    (await call('GET', `/admin-users/table?search[value]=${encodeURIComponent(email)}`, t.adminToken)).json()
      .data[0].id as number;

  it('refuses to turn the last admin into an accountant', async () => {
    // Runs first: the test context has exactly one admin.
    const adminId = await idOf('admin@test.test');
    const demote = (role: number) =>
      handle({ name: 'Test Admin', email: 'admin@test.test', role, flag: 'edit', admin_user_id: adminId });
    const res = await demote(2);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role[0]).toMatch(/last admin user/);
    // Keeping the role is fine.
    expect((await demote(1)).json().status).toBe(true);
  });

  it('adds a user who can sign in, reads, lists, searches and edits them', async () => {
    const added = await handle({
      name: 'Priya Shah',
      email: 'Priya.Shah@Example.co.uk',
      role: '2',
      login_password: 'ledger-2026!',
      flag: 'add',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ status: true, message: 'Admin user created successfully.' });
    const id = added.json().data.id;

    const token = await signIn(t.app, 'priya.shah@example.co.uk', 'ledger-2026!');
    const me = await call('POST', '/details', token);
    expect(me.json().data).toMatchObject({ role: 2 });

    const one = await call('GET', `/admin-users/${id}`, t.adminToken);
    expect(one.json().data).toEqual({ id, name: 'Priya Shah', email: 'priya.shah@example.co.uk', role: 2 });
    expect(JSON.stringify(one.json())).not.toContain('argon2');

    const list = await call('GET', '/admin-users/table?search[value]=shah', t.adminToken);
    expect(list.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
    expect(list.json().data[0]).toEqual({
      id,
      name: 'Priya Shah',
      email: 'priya.shah@example.co.uk',
      role: 2,
    });

    // Edit without a password keeps it; the session stays valid.
    const edited = await handle({
      name: 'Priya Shah-Patel',
      email: 'priya.shah@example.co.uk',
      role: 1,
      login_password: '',
      flag: 'edit',
      admin_user_id: id,
    });
    expect(edited.json()).toMatchObject({ status: true, message: 'Admin user updated successfully.' });
    expect((await call('GET', `/admin-users/${id}`, t.adminToken)).json().data).toMatchObject({
      name: 'Priya Shah-Patel',
      role: 1,
    });
    expect((await call('GET', '/admin-users/table', token)).statusCode).toBe(200);
    await signIn(t.app, 'priya.shah@example.co.uk', 'ledger-2026!');

    // A new password replaces the old one and ends the user's other sessions.
    await handle({
      name: 'Priya Shah-Patel',
      email: 'priya.shah@example.co.uk',
      role: 1,
      login_password: 'new-ledger-2027',
      flag: 'edit',
      admin_user_id: id,
    });
    await expect(signIn(t.app, 'priya.shah@example.co.uk', 'ledger-2026!')).rejects.toThrow(/401/);
    await signIn(t.app, 'priya.shah@example.co.uk', 'new-ledger-2027');
    expect((await call('GET', '/admin-users/table', token)).statusCode).toBe(401);
  });

  it('answers 422: missing fields, short password, unknown role, email taken', async () => {
    const empty = await handle({ flag: 'add' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      name: ['Name is required.'],
      email: ['Email is required.'],
      role: ['Choose a role: Admin or Accountant.'],
      login_password: ['The password is required.'],
    });
    const bad = await handle({ name: 'X', email: 'x@', role: 3, login_password: 'short', flag: 'add' });
    expect(bad.json().errors).toMatchObject({
      email: ['Enter a valid email address.'],
      role: ['Choose a role: Admin or Accountant.'],
      login_password: ['The password must be at least 12 characters.'],
    });
    // The shared rule (src/shared/password.ts): 12 characters, and not a common password.
    const eleven = await handle({
      name: 'Y',
      email: 'y@example.com',
      role: 2,
      login_password: 'eleven-char',
      flag: 'add',
    });
    expect(eleven.json().errors).toEqual({
      login_password: ['The password must be at least 12 characters.'],
    });
    const common = await handle({
      name: 'Y',
      email: 'y@example.com',
      role: 2,
      login_password: 'Password1234',
      flag: 'add',
    });
    expect(common.json().errors).toEqual({
      login_password: ['This password is too common. Choose another.'],
    });
    const accountantForRule = await idOf('accounts@test.test');
    for (const login_password of ['short', 'qwertyuiop123']) {
      const onEdit = await handle({
        name: 'Test Accountant',
        email: 'accounts@test.test',
        role: 2,
        login_password,
        flag: 'edit',
        admin_user_id: accountantForRule,
      });
      expect(onEdit.statusCode).toBe(422);
      expect(onEdit.json().errors.login_password).toEqual([
        login_password === 'short'
          ? 'The password must be at least 12 characters.'
          : 'This password is too common. Choose another.',
      ]);
    }
    // Twelve characters that are not on the list are accepted.
    const twelve = await handle({
      name: 'Y',
      email: 'y@example.com',
      role: 2,
      login_password: 'tern-gull-26',
      flag: 'add',
    });
    expect(twelve.json()).toMatchObject({ status: true });
    await signIn(t.app, 'y@example.com', 'tern-gull-26');
    const taken = await handle({
      name: 'Another Admin',
      email: 'ADMIN@test.test',
      role: 1,
      login_password: 'long-enough-1',
      flag: 'add',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });

    const accountantId = await idOf('accounts@test.test');
    const takenOnEdit = await handle({
      name: 'Test Accountant',
      email: 'admin@test.test',
      role: 2,
      flag: 'edit',
      admin_user_id: accountantId,
    });
    expect(takenOnEdit.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const noId = await handle({ name: 'A', email: 'a@b.co', role: 2, flag: 'edit' });
    expect(noId.json().errors).toMatchObject({ admin_user_id: ['admin_user_id is required to edit.'] });
    const unknown = await handle({ name: 'A', email: 'a@b.co', role: 2, flag: 'edit', admin_user_id: 99999 });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/admin-users/99999', t.adminToken)).statusCode).toBe(404);
  });

  it('answers 403 to role 2 on every call, reads included', async () => {
    expect((await call('GET', '/admin-users/table', t.accountantToken)).statusCode).toBe(403);
    expect((await call('GET', '/admin-users/1', t.accountantToken)).statusCode).toBe(403);
    const res = await handle(
      { name: 'Sneaky', email: 'sneaky@example.com', role: 1, login_password: 'password-123', flag: 'add' },
      t.accountantToken,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'You do not have permission to do this.' });
  });
});

import { z } from 'zod';
import { newPasswordSchema } from '../password';
import { ROLE_ACCOUNTANT, ROLE_ADMIN } from '../permissions';
import { blankToUndefined, emailSchema, optionalId, requiredText } from './common';
import { endpoint } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * POST admin-users/handle-user (spec 2 §3 Admin user, §7): name, email, role (1 Admin,
 * 2 Accountant), login_password, flag 'add' | 'edit', admin_user_id on edit. The password is
 * required on add and optional on edit, where blank keeps the current one; a new one follows the
 * shared rule (`newPasswordSchema`: 12+ characters, not a common password).
 */
export const adminUserInput = z
  .object({
    name: requiredText('Name', 120),
    email: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z.string().trim().min(1, 'Email is required.').pipe(emailSchema),
    ),
    role: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: 'Choose a role: Admin or Accountant.' })
        .refine((r) => r === ROLE_ADMIN || r === ROLE_ACCOUNTANT, 'Choose a role: Admin or Accountant.'),
    ),
    login_password: z.preprocess(blankToUndefined, newPasswordSchema.optional()),
    flag: z.enum(['add', 'edit'], { error: "flag must be 'add' or 'edit'." }),
    admin_user_id: optionalId,
  })
  .superRefine(
    (v, ctx) => {
      if (v.flag === 'add' && !v.login_password) {
        ctx.addIssue({ code: 'custom', path: ['login_password'], message: 'The password is required.' });
      }
      if (v.flag === 'edit' && !v.admin_user_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['admin_user_id'],
          message: 'admin_user_id is required to edit.',
        });
      }
      // Run even when a field failed, so every message shows at once.
    },
    { when: () => true },
  );
export type AdminUserInput = z.input<typeof adminUserInput>;

/** An admin user as the API answers it (GET admin-users/{id} → data, a table row); never the password. */
export const adminUserAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserAnswer>;

/**
 * Admin users (spec 2 §2 Admin users, §7 'Admin users, currency, backups, accounts'): role 1 only,
 * reads included (the settings box is shown only to role 1).
 */
export const adminUsersApi = {
  table: endpoint({
    method: 'GET',
    path: '/admin-users/table',
    summary: 'Staff users (name, email, role), DataTables protocol; role 1 only.',
    permission: 'adminUsers.read',
    query: dataTablesRequestSchema,
    answer: tableAnswer(adminUserAnswer),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin-users/:id',
    summary: 'One staff user: data {id, name, email, role}; role 1 only.',
    permission: 'adminUsers.read',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: adminUserAnswer }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/admin-users/handle-user',
    summary:
      "Add (flag 'add') or edit (flag 'edit', admin_user_id) a staff user; answers {status, message, data.id}.",
    permission: 'adminUsers.save',
    body: adminUserInput,
    answer: z.object({
      status: z.literal(true),
      message: z.string(),
      data: z.object({ id: z.number().int() }),
    }),
  }),
};

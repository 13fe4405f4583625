import { z } from 'zod';
import { ROLE_ACCOUNTANT, ROLE_ADMIN } from '../permissions';
import { blankToUndefined, emailSchema, optionalId, requiredText } from './common';

export const PASSWORD_MIN = 8;

/**
 * POST admin-users/handle-user (spec 2 §3 Admin user, §7): name, email, role (1 Admin,
 * 2 Accountant), login_password, flag 'add' | 'edit', admin_user_id on edit. The password is
 * required on add (at least 8 characters) and optional on edit, where blank keeps the current one.
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
    login_password: z.preprocess(
      blankToUndefined,
      z
        .string()
        .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
        .max(200, 'The password is too long.')
        .optional(),
    ),
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

/** An admin user as the API answers it (GET admin-users/{id} → data); never the password. */
export interface AdminUser {
  id: number;
  name: string;
  email: string;
  role: number;
}

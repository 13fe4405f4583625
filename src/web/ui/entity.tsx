import { Paper } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import type { AnswerOf, Endpoint } from '../../shared/api/contract';
import type { Permission } from '../../shared/permissions';
import { ApiError, callEndpoint } from '../api/client';
import { EntityLoader } from './EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from './form';
import { PageHeader } from './PageHeader';
import { useCan } from './permissions';
import { zodValidate } from './zod-validate';

/**
 * The entity page kit (issue #11): every create and edit screen is an `EntityCreatePage` or an
 * `EntityEditPage` around one form component built on `useEntityForm`. The pages own the query,
 * the loading and error states, the title, saving through the contract's endpoint, invalidating
 * the area's query keys and the navigation after a create; the form owns only its fields.
 */

/** One value, or one for each mode of a form ('Create resort' / 'Update resort'). */
export type ByMode<T> = T | { create: T; update: T };

/** The value of `v` for `mode`. */
function byMode<T>(v: ByMode<T>, mode: 'create' | 'update'): T {
  return v && typeof v === 'object' && 'create' in v && 'update' in v ? v[mode] : (v as T);
}

/** A form's values, as @mantine/form constrains them. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as @mantine/form's useForm
type FormValues = Record<string, any>;

/**
 * What the kit hands a form component. `A` is what `send` resolves with: the pages pass the
 * answer (unknown); a caller of its own (a modal creating a party) may resolve with its own shape
 * and receive it typed in `onSaved`.
 */
export interface EntityFormProps<R, I, A = unknown> {
  mode: 'create' | 'update';
  /** The record being edited (undefined when creating). */
  record?: R;
  /** Sends the form's payload (the shared schema's input) and resolves with the answer. */
  send: (input: I) => Promise<A>;
  /** Called with the answer after a successful save. */
  onSaved: (answer: A) => void;
}

export interface UseEntityFormOptions<R, V extends FormValues, S extends z.ZodType, A = unknown> {
  /** The shared zod schema the server validates the payload with (src/shared/api/<area>.ts). */
  schema: S;
  /** The form's values for a record (or the blank form when creating). */
  toValues: (record?: R) => V;
  /** The payload for the schema from the form's values. */
  toInput: (values: V) => z.input<S>;
  /**
   * The permission that may save: one key, or `{ create, update }` — the key of the form's mode
   * (the create and update keys of the permission table).
   */
  permission: ByMode<Permission>;
  mode: 'create' | 'update';
  record?: R;
  send: (input: z.input<S>) => Promise<A>;
  onSaved?: (answer: A, values: V) => void;
  /** Extra client-only rules (e.g. confirming a password); run after the schema's. */
  extraValidate?: (values: V) => Record<string, string>;
  /** Reset the form to blank after a successful create (forms that stay on screen). */
  resetAfterCreate?: boolean;
}

export interface EntityForm<V extends FormValues> {
  form: UseFormReturnType<V>;
  /** Pass to `<form onSubmit>`: validates with the shared schema, then saves. */
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** False for a role that may not save: the form is shown read-only and has no save button. */
  maySave: boolean;
  mode: 'create' | 'update';
}

/**
 * A form of the kit: validates with the shared zod schema (the server's rules and messages at the
 * fields), saves through `send` with 'Creating...' / 'Updating...', puts the server's field errors
 * on the fields, and is read-only for a role without `permission`.
 */
export function useEntityForm<R, V extends FormValues, S extends z.ZodType, A = unknown>(
  options: UseEntityFormOptions<R, V, S, A>,
): EntityForm<V> {
  const { schema, toValues, toInput, permission, mode, record, send, onSaved, extraValidate } = options;
  const maySave = useCan(byMode(permission, mode));
  const schemaRule = zodValidate<V>(schema, toInput);
  const form = useForm<V>({
    initialValues: toValues(record),
    validate: (values) => ({ ...schemaRule(values), ...(extraValidate?.(values) ?? {}) }),
  });
  const { onSubmit, saving } = useFormSubmit(form, (values: V) => send(toInput(values)), {
    onSuccess: (answer, values) => {
      if (mode === 'create' && options.resetAfterCreate) form.setValues(toValues(undefined));
      onSaved?.(answer, values);
    },
  });
  return { form: form as unknown as UseFormReturnType<V>, onSubmit, saving, maySave, mode };
}

/**
 * The frame of a kit form: a bordered panel, the fields in a fieldset that is disabled (read-only,
 * values in the body colour) for a role that may not save, and the save button for one that may.
 */
export function EntityFormFrame<V extends FormValues>({
  entity,
  submitLabel,
  children,
  actions,
  maw = 760,
  bare = false,
  busyLabel,
  afterFields,
  saveDisabled = false,
  label,
}: {
  entity: EntityForm<V>;
  /** The button's text, e.g. 'Create resort' / 'Update resort'. */
  submitLabel: ByMode<ReactNode>;
  children: ReactNode;
  /** Other buttons beside the save button. */
  actions?: ReactNode;
  maw?: number | string;
  /** No panel around the form (inside a modal or a tab). */
  bare?: boolean;
  /** The button's text while saving, when the spec names one ('Creating tour...'). */
  busyLabel?: string;
  /** Shown under the fields, outside the read-only fieldset (e.g. a download link every role may use). */
  afterFields?: ReactNode;
  /** The save button is disabled for now (e.g. a choice the server would refuse). */
  saveDisabled?: boolean;
  /** The form's accessible name (e.g. 'Customer details'). */
  label?: string;
}) {
  const body = (
    <form onSubmit={entity.onSubmit} noValidate aria-label={label}>
      <fieldset disabled={!entity.maySave} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
      {afterFields}
      {(entity.maySave || actions) && (
        <FormActions>
          {actions}
          {entity.maySave && (
            <SaveButton
              mode={entity.mode}
              saving={entity.saving}
              busyLabel={busyLabel}
              disabled={entity.saving || saveDisabled}
            >
              {byMode(submitLabel, entity.mode)}
            </SaveButton>
          )}
        </FormActions>
      )}
    </form>
  );
  if (bare) return body;
  return (
    <Paper withBorder p="lg" radius="md" maw={maw}>
      {body}
    </Paper>
  );
}

/**
 * A create screen: the title, the form, saving through `create` (the contract's endpoint; `toBody`
 * wraps the payload when the spec nests it), invalidating the area's keys, and going to `afterCreate`
 * (usually the new record's edit screen, from the answer's `data.id`).
 */
export function EntityCreatePage<E extends Endpoint, I>({
  title,
  create,
  toBody = (input) => input as unknown,
  invalidate,
  afterCreate,
  form: Form,
}: {
  title: ReactNode;
  create: E;
  toBody?: (input: I) => unknown;
  /** The area's `all` key (src/web/api/query-keys.ts). */
  invalidate: readonly unknown[];
  /** Where to go after a successful create (given the answer and the payload sent); null stays on the screen. */
  afterCreate: ((answer: AnswerOf<E>, input: I) => string) | null;
  form: (props: EntityFormProps<never, I>) => ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sent = useRef<I>(undefined);
  return (
    <>
      <PageHeader title={title} />
      <Form
        mode="create"
        send={(input: I) => {
          sent.current = input;
          return callEndpoint(create, { body: toBody(input) });
        }}
        onSaved={(answer) => {
          void queryClient.invalidateQueries({ queryKey: invalidate });
          if (afterCreate) navigate(afterCreate(answer as AnswerOf<E>, sent.current as I));
        }}
      />
    </>
  );
}

/**
 * An edit screen: loads the record of the route's `:id` through `load` (`select` picks it from the
 * answer), shows the loader or the error with 'Try again' (EntityLoader), the title made from the
 * record, the form, and saves through `update`, invalidating the area's keys so every screen that
 * shows the record reloads. `children` may add sections (tabs, tables) under the form.
 */
export function EntityEditPage<L extends Endpoint, U extends Endpoint, R, I>({
  label,
  load,
  select,
  queryKey,
  invalidate,
  title,
  update,
  toBody = (input) => input as unknown,
  form: Form,
  children,
  actions,
  layout,
  notFound,
  id: givenId,
}: {
  /** What the record is called in the loading and error states ('resort'). */
  label: string;
  load: L;
  select: (answer: AnswerOf<L>) => R;
  /** The record's key, e.g. `keys.resorts.one(id)` (a function of the id). */
  queryKey: (id: number) => readonly unknown[];
  invalidate: readonly unknown[];
  title: (record: R) => ReactNode;
  update: U;
  toBody?: (input: I) => unknown;
  form: (props: EntityFormProps<R, I>) => ReactNode;
  children?: (record: R) => ReactNode;
  /** Buttons and badges on the right of the title (PageHeader actions). */
  actions?: (record: R) => ReactNode;
  /** Places the form among other parts (e.g. in the first of tabs); default: the form, then `children`. */
  layout?: (form: ReactNode, record: R) => ReactNode;
  /**
   * Shown instead of the error state when there is no such record (404) or the route's id is not
   * a positive whole number (then nothing is fetched).
   */
  notFound?: ReactNode;
  /** The record's id when it is not the route's `:id`. */
  id?: number;
}) {
  const params = useParams();
  const id = givenId ?? Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const query = useQuery({
    enabled: validId || notFound === undefined,
    queryKey: queryKey(id),
    queryFn: ({ signal }) => callEndpoint<AnswerOf<L>>(load, { params: { id }, signal }).then(select),
  });
  if (notFound !== undefined && (!validId || (query.error instanceof ApiError && query.error.status === 404)))
    return notFound;
  return (
    <EntityLoader query={query} label={label}>
      {(record) => {
        const form = (
          <Form
            key={id}
            mode="update"
            record={record}
            send={(input: I) =>
              callEndpoint(update, {
                params: { id },
                body: toBody(input),
              })
            }
            onSaved={() => void queryClient.invalidateQueries({ queryKey: invalidate })}
          />
        );
        return (
          <>
            <PageHeader title={title(record)} actions={actions?.(record)} />
            {layout ? (
              layout(form, record)
            ) : (
              <>
                {form}
                {children?.(record)}
              </>
            )}
          </>
        );
      }}
    </EntityLoader>
  );
}

import { z } from 'zod';
import {
  blankToUndefined,
  dateRangeProblem,
  flagSchema,
  idSchema,
  moneySchema,
  optionalId,
  optionalMoney,
  optionalText,
  optionalYmd,
  ymdSchema,
} from './common';
import {
  endpoint,
  fileAnswer,
  messageAnswer,
  moneyAnswer,
  okAnswer,
  timestampAnswer,
  UPLOADED_FILE_MEDIA,
} from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';

/** Spec 2 §9: payment modes of advertisement payments, spelling as in the product. */
export const ADVERT_PAYMENT_MODES = ['Bax', 'Card', 'checque', 'cash', 'bank'] as const;
export type AdvertPaymentMode = (typeof ADVERT_PAYMENT_MODES)[number];

/** Spec 2 §5 and §8, word for word (the screens ask them; the tests quote them). */
export const ADVERT_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete this advertisement ?',
  confirmDeleteProduct: 'Are you sure you want to delete this product ?',
  noData: 'No data available.',
  /** Spec 2 §8's words for an amount beyond what is left (products over the cost, payments over the bill). */
  amountUpto: (left: string) => `Please provide a valid amount upto ${left}`,
  notFound: 'Advertisement not found.',
  productNotFound: 'Product not found.',
  noFile: 'File not found',
} as const;

/** The file parts of the advertisement form (multipart): the artwork image and the invoice PDF. */
export const ADVERT_GRAPHIC_FIELD = 'graphic_file';
export const ADVERT_INVOICE_FIELD = 'invoice_file';

/** A required id: blank or missing answers '{label} is required.' */
const requiredId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.union([z.number(), z.string()], { error: `${label} is required.` }).pipe(idSchema),
  );

/** A required date (YYYY-MM-DD): blank or missing answers '{label} is required.' */
const requiredYmd = (label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} is required.` }).pipe(ymdSchema));

const optionalFlag = z.preprocess(blankToUndefined, flagSchema.optional());

const paymentMode = z.preprocess(
  blankToUndefined,
  z
    .enum(ADVERT_PAYMENT_MODES, { error: 'Choose a payment mode: Bax, Card, checque, cash or bank.' })
    .optional(),
);

/** The payment fields shared by the advertisement form and the payment details modal (spec 2 §2). */
const paymentShape = {
  invoice_number: optionalText(100),
  invoice_amount: optionalMoney('Invoice amount'),
  invoice_due_date: optionalYmd,
  payment_mode: paymentMode,
  payment_mode_number: optionalText(100),
  payment_date: optionalYmd,
  payment_amount: optionalMoney('Paid amount'),
};

/**
 * The advertisement form (spec 2 §2, §3 Advertisement, §5: size, placement date and expiry date are
 * required; cost and amounts step 0.01). `advertisement_id` means edit. The three flags default to
 * no; `paid_status` is kept as it is on edit (the products modal owns it). The image and the invoice
 * PDF travel as the file parts `graphic_file` and `invoice_file`, checked on the server by content.
 */
export const advertInput = z
  .object({
    advertisement_id: optionalId,
    size_id: requiredId('Size'),
    placemenet_date: requiredYmd('Placement date'),
    expiry_date: requiredYmd('Expiry date'),
    total_cost: optionalMoney('Cost'),
    submission_deadline_date: optionalYmd,
    is_graphic_created: optionalFlag,
    is_sent: optionalFlag,
    ...paymentShape,
  })
  .superRefine((v, ctx) => {
    const problem = dateRangeProblem(
      v.placemenet_date,
      v.expiry_date,
      'The expiry date must be on or after the placement date.',
    );
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['expiry_date'] });
  });
export type AdvertInput = z.input<typeof advertInput>;
export type AdvertValues = z.output<typeof advertInput>;

/** The multipart body: the fields, and the two files beside them. */
export const advertFormBody = z.object({
  ...advertInput.shape,
  [ADVERT_GRAPHIC_FIELD]: z.unknown().optional(),
  [ADVERT_INVOICE_FIELD]: z.unknown().optional(),
});

/** POST affiliates/advertisement/update-payment-details (spec 2 §2: the payment details modal; §5: amount required). */
export const advertPaymentInput = z.object({
  advertisement_id: idSchema,
  ...paymentShape,
  payment_amount: z.preprocess(
    blankToUndefined,
    z.union([z.string(), z.number()], { error: 'Paid amount is required.' }).pipe(moneySchema('Paid amount')),
  ),
});
export type AdvertPaymentInput = z.input<typeof advertPaymentInput>;

/**
 * The product form (spec 2 §2 Products modal, §3 Advertisement product, §4 flag add or edit; §5: a
 * tour is required). `advertisement_invoice_id` (or `id`) names the product on edit.
 */
export const advertProductInput = z.object({
  flag: z.preprocess(blankToUndefined, z.enum(['add', 'edit']).optional()),
  advertisement_invoice_id: optionalId,
  id: optionalId,
  tour_id: requiredId('Tour'),
  size_id: optionalId,
  amount: optionalMoney('Cost'),
});
export type AdvertProductInput = z.input<typeof advertProductInput>;

/** POST affiliates/advertisement/update-artwork-status: the three switches, all sent at each change (spec 2 §4). */
export const artworkStatusInput = z.object({
  artwork_id: idSchema,
  column_status: z
    .array(
      z.object({
        column: z.enum(['paid_status', 'is_graphic_created', 'is_sent']),
        status: flagSchema,
      }),
    )
    .min(1, 'Send at least one column.')
    .max(3),
});
export type ArtworkStatusInput = z.input<typeof artworkStatusInput>;

/** Filters of GET affiliates/{id}/adverts (spec 2 §7). */
export const advertFiltersShape = {
  advertisement_size: optionalId,
  submission_deadline_date_from: optionalYmd,
  submission_deadline_date_to: optionalYmd,
  placemenet_date_from: optionalYmd,
  placemenet_date_to: optionalYmd,
  expiry_date_from: optionalYmd,
  expiry_date_to: optionalYmd,
  invoice_due_date_from: optionalYmd,
  invoice_due_date_to: optionalYmd,
};
export const advertTableRequest = z.strictObject({ ...dataTablesShape, ...advertFiltersShape });

/** An advertisement as answered (table rows and the detail); the stored file keys are never sent. */
export const advertAnswer = z.object({
  advertisement_id: z.number().int(),
  affiliate_id: z.number().int(),
  advertisement_size: z.object({ size_id: z.number().int(), size_name: z.string() }),
  placemenet_date: z.string(),
  expiry_date: z.string(),
  total_cost: moneyAnswer.nullable(),
  submission_deadline_date: z.string().nullable(),
  is_graphic_created: z.boolean(),
  is_sent: z.boolean(),
  paid_status: z.boolean(),
  invoice_number: z.string().nullable(),
  invoice_amount: moneyAnswer.nullable(),
  invoice_due_date: z.string().nullable(),
  invoice_name: z.string().nullable(),
  graphic_name: z.string().nullable(),
  payment_mode: z.string().nullable(),
  payment_mode_number: z.string().nullable(),
  payment_date: z.string().nullable(),
  payment_amount: moneyAnswer.nullable(),
  created_at: timestampAnswer,
});
export type AdvertRow = z.input<typeof advertAnswer>;

/** An advertisement product as answered: the tour and size by id and name. */
export const advertProductAnswer = z.object({
  id: z.number().int(),
  tour_id: z.number().int(),
  tour: z.string(),
  size_id: z.number().int().nullable(),
  size: z.string().nullable(),
  amount: moneyAnswer,
});
export type AdvertProduct = z.input<typeof advertProductAnswer>;

/** GET affiliates/{id}/advert-detail/{advertId}: the advert, its affiliate, products and Total/Paid/Left. */
export const advertDetailAnswer = advertAnswer.extend({
  affiliate: z.object({ id: z.number().int(), name: z.string() }),
  products: z.array(advertProductAnswer),
  totals: z.object({ total: moneyAnswer, paid: moneyAnswer, left: moneyAnswer }),
});
export type AdvertDetail = z.input<typeof advertDetailAnswer>;

const affiliateParams = z.object({ affiliateId: idSchema });

/**
 * Affiliates' advertisements (spec 2 §2 Affiliates, §7 'Affiliates'). Every change is role 1 only
 * (spec 2 §6 gives role 1 the saves on the affiliate screen); reads and downloads are any staff's.
 * Each change runs in one transaction and writes the advertisement's audit history.
 */
export const advertsApi = {
  table: endpoint({
    method: 'GET',
    path: '/affiliates/:id/adverts',
    summary:
      "The affiliate's advertisements, DataTables protocol (5 a page), filters advertisement_size, " +
      'submission_deadline_date_from/_to, placemenet_date_from/_to, expiry_date_from/_to, invoice_due_date_from/_to.',
    params: idParams,
    query: advertTableRequest,
    answer: tableAnswer(advertAnswer),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/affiliates/:id/advert-detail/:advertId',
    summary: 'One advertisement of affiliate {id} with its products and Total / Paid / Left.',
    params: z.object({ id: idSchema, advertId: idSchema }),
    answer: z.object({ success: z.literal(true), data: advertDetailAnswer }),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/affiliates/advertisement/:affiliateId/submit',
    summary:
      'Create an advertisement, or update advertisement_id (multipart: the form fields, graphic_file image ' +
      'and invoice_file PDF, each checked by content, 10 MB). Answers data.advertisement_id.',
    permission: 'adverts.save',
    params: affiliateParams,
    multipart: true,
    body: advertFormBody,
    answer: okAnswer({ data: z.object({ advertisement_id: z.number().int() }) }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/affiliates/advertisement/:affiliateId/delete',
    summary: 'Delete advertisement advertisement_id of the affiliate, its products and files.',
    permission: 'adverts.delete',
    params: affiliateParams,
    body: z.object({ advertisement_id: idSchema }),
    answer: messageAnswer,
  }),
  productSubmit: endpoint({
    method: 'POST',
    path: '/affiliates/advertisement-products/:id/submit',
    summary:
      "Add a product to advertisement {id}, or edit advertisement_invoice_id; the products' sum may not exceed the cost.",
    permission: 'adverts.products',
    params: idParams,
    body: advertProductInput,
    answer: okAnswer({ data: advertDetailAnswer }),
  }),
  productDelete: endpoint({
    method: 'POST',
    path: '/affiliates/advertisement-products/:advertId/delete',
    summary: 'Delete product advertisement_invoice_id of advertisement {advertId}.',
    permission: 'adverts.products',
    params: z.object({ advertId: idSchema }),
    body: z.object({ advertisement_invoice_id: idSchema }),
    answer: okAnswer({ data: advertDetailAnswer }),
  }),
  artworkStatus: endpoint({
    method: 'POST',
    path: '/affiliates/advertisement/update-artwork-status',
    summary:
      'Set paid_status, is_graphic_created and is_sent of advertisement artwork_id (column_status list).',
    permission: 'adverts.status',
    body: artworkStatusInput,
    answer: messageAnswer,
  }),
  paymentDetails: endpoint({
    method: 'POST',
    path: '/affiliates/advertisement/update-payment-details',
    summary:
      'Save the payment details of advertisement advertisement_id (invoice_number, invoice_amount, invoice_due_date, ' +
      'payment_mode, payment_mode_number, payment_date, payment_amount); the amount may not exceed the bill.',
    permission: 'adverts.payment',
    body: advertPaymentInput,
    answer: z.object({ status: z.literal(true), success: z.literal(true), message: z.string() }),
  }),
  download: endpoint({
    method: 'POST',
    path: '/affiliates/download-artwork/:advertId',
    summary:
      "The advert's graphic or invoice PDF (download_type graphic | invoice) under its original name; " +
      "the invoice defaults to Artwork-Invoice.pdf; 404 'File not found' when none.",
    permission: 'adverts.download',
    params: z.object({ advertId: idSchema }),
    body: z.object({ download_type: z.enum(['graphic', 'invoice']) }),
    answer: fileAnswer,
    files: UPLOADED_FILE_MEDIA,
  }),
};

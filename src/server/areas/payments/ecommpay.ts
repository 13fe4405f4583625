import { createHmac, timingSafeEqual } from 'node:crypto';
import Decimal from 'decimal.js';
import type { EcommpayWidget } from '../../../shared/api/payments';

/**
 * ECOMMPAY card payments (spec 1 §4 'Card payment widget', §7 POST payments): pure functions that
 * sign the Payment Page (widget) parameters and verify the gateway's callbacks.
 *
 * The signature follows ECOMMPAY's "Signature generation and verification"
 * (https://developers.ecommpay.com/en/en_platform_signature.html, formerly en_PP_Authentication.html)
 * as its own SDKs implement it (github.com/ITECOMMPAY paymentpage-sdk-js src/signer.js + converter.js,
 * paymentpage-sdk-python signature_handler.py, paymentpage-sdk-php SignatureHandler.php):
 *
 * 1. The data to sign is every parameter except `signature` (for the widget: the configObj).
 * 2. Each scalar becomes `name:value`. A nested value's name is its path joined by colons
 *    (`payment:sum:amount:5200`); an array element's name is its index from 0
 *    (`errors:0:code:123`). Booleans are `1`/`0`; null is the empty string; empty arrays and
 *    objects add nothing. `frame_mode` (how the widget is displayed) is not signed.
 * 3. The strings are sorted by name and joined with `;`.
 * 4. The signature is HMAC-SHA512 of that text keyed with the project's secret key, in Base64.
 *
 * The unit test (ecommpay.test.ts) reproduces the documentation's worked example exactly.
 */

/** Parameters a Payment Page / widget request or a callback may carry. */
export type EcommpayValue = string | number | boolean | null | undefined | EcommpayValue[] | EcommpayObject;
export interface EcommpayObject {
  [key: string]: EcommpayValue;
}

/** Keys never signed: the signature itself and the widget's display mode (as ECOMMPAY's SDKs do). */
const UNSIGNED_KEYS = new Set(['signature', 'frame_mode']);

function flatten(value: EcommpayValue, name: string, out: [string, string][]) {
  if (value === null || value === undefined) {
    out.push([name, '']);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      flatten(item, `${name}:${i}`, out);
    });
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSIGNED_KEYS.has(key)) continue;
      flatten(item, name ? `${name}:${key}` : key, out);
    }
  } else if (typeof value === 'boolean') {
    out.push([name, value ? '1' : '0']);
  } else {
    out.push([name, String(value)]);
  }
}

/**
 * The text ECOMMPAY signs for `params` (rule 2–3 above), e.g.
 * `customer_id:user007;payment_amount:2035;…;project_id:12345`.
 */
export function signingString(params: EcommpayObject): string {
  const pairs: [string, string][] = [];
  flatten(params, '', pairs);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([name, value]) => `${name}:${value}`).join(';');
}

/** The Base64 HMAC-SHA512 signature of `params` with the project's `secret` (any `signature` key is left out). */
export function signParams(params: EcommpayObject, secret: string): string {
  return createHmac('sha512', secret).update(signingString(params), 'utf8').digest('base64');
}

/**
 * True when a callback body carries a valid signature: its top-level `signature` is compared (in
 * constant time) with the signature of everything else in the body. A missing signature, a
 * non-object body or an empty secret is never valid.
 */
export function verifyCallback(body: unknown, secret: string): boolean {
  if (!secret || !body || typeof body !== 'object' || Array.isArray(body)) return false;
  const given = (body as EcommpayObject).signature;
  if (typeof given !== 'string' || given === '') return false;
  const expected = Buffer.from(signParams(body as EcommpayObject, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** ECOMMPAY's MO/TO type for a telephone order (developers.ecommpay.com en_Gate_moto.html: 1 mail, 2 telephone). */
export const MOTO_TELEPHONE_ORDER = 2;
/** The interface type ECOMMPAY's JavaScript SDK sends (paymentpage-sdk-js src/payment.js: `{ id: 22 }`). */
export const INTERFACE_TYPE = JSON.stringify({ id: 22 });

/** The widget parameters of spec 1 §7 (POST payments, ecommpay), signed: the contract's answer (shared/api/payments.ts). */
export type EcommpayWidgetParams = EcommpayWidget;

/** Pounds as decimal text ('150.00') → minor units (15000). Throws unless whole pence. */
export function toMinorUnits(amount: string): number {
  const minor = new Decimal(amount).mul(100);
  if (!minor.isInteger()) throw new Error(`Amount ${amount} is not a whole number of pence`);
  return minor.toNumber();
}

/** Minor units (15000, or its digits as text) → pounds as decimal text ('150.00'). */
export function fromMinorUnits(minor: number | string): string {
  return new Decimal(minor).div(100).toFixed(2);
}

/**
 * The signed parameters that open the ECOMMPAY widget for one payment (spec 1 §7): `amount` is
 * pounds as decimal text and goes out in minor units; `customerEmail` is sent only when given.
 * Throws when the amount is not above 0.00 or the keys are missing.
 */
export function widgetParams(input: {
  projectId: number;
  secret: string;
  paymentId: string;
  amount: string;
  currency: string;
  description: string;
  customerId: string;
  extraParam: string;
  returnUrl: string;
  customerEmail?: string | null;
}): EcommpayWidgetParams {
  if (!input.secret || !input.projectId) throw new Error('ECOMMPAY project id and secret key are required');
  const paymentAmount = toMinorUnits(input.amount);
  if (paymentAmount <= 0) throw new Error('An ECOMMPAY payment must be above 0.00');
  const params: Omit<EcommpayWidgetParams, 'signature'> = {
    project_id: input.projectId,
    interface_type: INTERFACE_TYPE,
    payment_id: input.paymentId,
    payment_amount: paymentAmount,
    payment_currency: input.currency,
    payment_description: input.description,
    customer_id: input.customerId,
    payment_extra_param: input.extraParam,
    merchant_return_url: input.returnUrl,
    moto_type: MOTO_TELEPHONE_ORDER,
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
  };
  return { ...params, signature: signParams(params as unknown as EcommpayObject, input.secret) };
}

/**
 * JSON.parse that keeps integers beyond 2^53 exactly, as their digits in a string (ECOMMPAY
 * operation ids are 16+ digit numbers; a float would change them and break the signature, since
 * the gateway signed the digits). Everything else parses as JSON.parse does.
 */
export function parseJsonLosslessly(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      const token = m ? m[0] : c;
      const isInteger = m !== null && m[1] === undefined && m[2] === undefined;
      out += isInteger && !Number.isSafeInteger(Number(token)) ? `"${token}"` : token;
      i += token.length;
    } else {
      out += c;
      i += 1;
    }
  }
  return JSON.parse(out);
}

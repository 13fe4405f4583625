import { describe, expect, it } from 'vitest';
import {
  fromMinorUnits,
  INTERFACE_TYPE,
  parseJsonLosslessly,
  signingString,
  signParams,
  toMinorUnits,
  verifyCallback,
  widgetParams,
} from './ecommpay';

describe('ECOMMPAY signature (developers.ecommpay.com "Signature generation and verification")', () => {
  // The documentation's worked example for a Payment Page request (the example section of
  // https://developers.ecommpay.com/en/en_platform_signature.html): secret key 'secret'; project_id
  // 12345, payment_id X03936, payment_amount 2035, USD, 'Guyliner purchase', customer Jack Sparrow
  // (user007, 02081234567), close_on_missclick true. The string to sign and the signature below are
  // that example's, as public integrations that test against it quote them verbatim (its older
  // edition, en_PP_Authentication.html, used payment_amount 3550 without customer_id/close_on_missclick).
  const documented = {
    project_id: 12345,
    payment_id: 'X03936',
    payment_amount: 2035,
    payment_currency: 'USD',
    payment_description: 'Guyliner purchase',
    customer_first_name: 'Jack',
    customer_id: 'user007',
    customer_last_name: 'Sparrow',
    customer_phone: '02081234567',
    close_on_missclick: true,
  };

  it('builds the documented string to sign: name:value pairs sorted by name, joined by ";", true → 1', () => {
    expect(signingString(documented)).toBe(
      'close_on_missclick:1;customer_first_name:Jack;customer_id:user007;customer_last_name:Sparrow;' +
        'customer_phone:02081234567;payment_amount:2035;payment_currency:USD;' +
        'payment_description:Guyliner purchase;payment_id:X03936;project_id:12345',
    );
  });

  it('reproduces the documented signature exactly (HMAC-SHA512, Base64)', () => {
    expect(signParams(documented, 'secret')).toBe(
      'SyA3cx/dmFrwjRcpbnwEK9zaklWKR9buIfTctQob/EHUTutFLpI0zWpSDFEWEwbZt/04i83395RCdEhtUMw83A==',
    );
  });

  it('signs nested objects by their colon-joined path (ECOMMPAY PHP SDK tests/SignatureHandlerTest.php)', () => {
    // github.com/ITECOMMPAY/paymentpage-sdk-php tests/SignatureHandlerTest.php, key 'secret'.
    const data = {
      customer: { project_id: 0, id: 'sutm_id' },
      card: {
        pan: '4242424242424242',
        year: 2020,
        month: 8,
        card_holder: 'John Smith',
        cvv: '123',
        save: true,
      },
    };
    expect(signParams(data, 'secret')).toBe(
      'lY0LTSAzpR7zGce5qfYGacOuYlHGWqkMcQlqmjlsDDZI2gVcE1qVeWANnkIR7mdOqRXJnL1kO0lUmkQ0YYLWRg==',
    );
  });

  it('verifies a callback, leaving out signature and frame_mode (ECOMMPAY Python SDK test_signature_handler.py)', () => {
    // github.com/ITECOMMPAY/paymentpage-sdk-python tests/test_signature_handler.py, key 'qwerty'.
    const callback = {
      payment: { id: 'test-payment', status: 'success' },
      some_bool_param: true,
      signature: 'TZS0J65ReNUMgKzeXUey9xOGGyC7r4OhsFXt/3H8XZM2Le8Wot2E1NIjeSPOyV1F3sUU6F3kfo9om2dhbe3ieA==',
      frame_mode: 'popup',
    };
    expect(verifyCallback(callback, 'qwerty')).toBe(true);
    expect(signingString(callback)).toBe('payment:id:test-payment;payment:status:success;some_bool_param:1');
  });

  it('verifies a callback with arrays inside arrays: elements named by index from 0 (same SDK test)', () => {
    const callback = {
      payment: { id: 'test-payment' },
      errors: [
        { code: '123', message: 'grand crash', description: ['description-str', { description1: 1 }] },
        { code: '456', message: 'minor crash' },
      ],
      signature: 'i6F9q/cfj8T+r/9z1U1f+WgGe0Y/2L2Ml7pp6x6GKLmS0SwbEzcD1/DJ2Hx4PwSgyD696SU19MjtHBF0gv+LKA==',
    };
    expect(signingString(callback)).toBe(
      'errors:0:code:123;errors:0:description:0:description-str;errors:0:description:1:description1:1;' +
        'errors:0:message:grand crash;errors:1:code:456;errors:1:message:minor crash;payment:id:test-payment',
    );
    expect(verifyCallback(callback, 'qwerty')).toBe(true);
  });

  it('null is an empty value; empty arrays and objects add nothing', () => {
    expect(signingString({ a: null, b: [], c: {}, d: false, e: '' })).toBe('a:;d:0;e:');
  });

  it('refuses a tampered, unsigned, wrongly keyed or malformed callback', () => {
    const body = { payment: { id: 'HB1-abc', status: 'success' }, operation: { id: 42 } };
    const signed = { ...body, signature: signParams(body, 'k1') };
    expect(verifyCallback(signed, 'k1')).toBe(true);
    expect(verifyCallback({ ...signed, payment: { id: 'HB1-abc', status: 'decline' } }, 'k1')).toBe(false);
    expect(verifyCallback(signed, 'k2')).toBe(false);
    expect(verifyCallback(body, 'k1')).toBe(false);
    expect(verifyCallback({ ...body, signature: 'short' }, 'k1')).toBe(false);
    expect(verifyCallback(null, 'k1')).toBe(false);
    expect(verifyCallback([signed], 'k1')).toBe(false);
    expect(verifyCallback(signed, '')).toBe(false);
  });
});

describe('widgetParams (spec 1 §7 POST payments, ecommpay)', () => {
  const input = {
    projectId: 140212,
    secret: 'test-secret',
    paymentId: 'HB900001-5f2a9c',
    amount: '150.05',
    currency: 'GBP',
    description: 'Booking HB900001',
    customerId: '17',
    extraParam: '1',
    returnUrl: 'https://office.example.co.uk/bookings/edit/1',
  };

  it('answers the spec fields with the amount in pence and a signature over all of them', () => {
    const p = widgetParams({ ...input, customerEmail: 'jo@example.test' });
    expect(p).toMatchObject({
      project_id: 140212,
      interface_type: INTERFACE_TYPE,
      payment_id: 'HB900001-5f2a9c',
      payment_amount: 15005,
      payment_currency: 'GBP',
      payment_description: 'Booking HB900001',
      customer_id: '17',
      payment_extra_param: '1',
      merchant_return_url: 'https://office.example.co.uk/bookings/edit/1',
      moto_type: 2,
      customer_email: 'jo@example.test',
    });
    const { signature, ...rest } = p;
    expect(signature).toBe(signParams(rest, 'test-secret'));
    expect(verifyCallback(p, 'test-secret')).toBe(true);
  });

  it('leaves customer_email out when there is none', () => {
    expect(widgetParams({ ...input, customerEmail: null })).not.toHaveProperty('customer_email');
  });

  it('refuses amounts that are not above 0.00 or not whole pence, and missing keys', () => {
    expect(() => widgetParams({ ...input, amount: '0.00' })).toThrow();
    expect(() => widgetParams({ ...input, amount: '-5.00' })).toThrow();
    expect(() => widgetParams({ ...input, amount: '1.005' })).toThrow();
    expect(() => widgetParams({ ...input, secret: '' })).toThrow();
  });

  it('converts pounds and minor units exactly', () => {
    expect(toMinorUnits('0.29')).toBe(29);
    expect(toMinorUnits('1048.00')).toBe(104800);
    expect(fromMinorUnits(15005)).toBe('150.05');
    expect(fromMinorUnits('104800')).toBe('1048.00');
  });
});

describe('parseJsonLosslessly', () => {
  it('keeps integers beyond 2^53 as their exact digits and parses everything else as JSON.parse', () => {
    const text =
      '{"operation":{"id":50288000101282251,"small":5028800010128225,"f":-1.5e3},"s":"a \\"9007199254740993\\" b","n":null}';
    expect(parseJsonLosslessly(text)).toEqual({
      operation: { id: '50288000101282251', small: 5028800010128225, f: -1500 },
      s: 'a "9007199254740993" b',
      n: null,
    });
  });

  it('so a callback signed over a big operation id still verifies', () => {
    const digits = '{"operation":{"id":90288000101282259},"payment":{"id":"p1","status":"success"}}';
    const parsed = parseJsonLosslessly(digits) as Record<string, never>;
    const signature = signParams(parsed, 'k');
    // The gateway signs the digits it sent: 'operation:id:90288000101282259'.
    expect(signingString(parsed)).toContain('operation:id:90288000101282259');
    expect(verifyCallback({ ...parsed, signature }, 'k')).toBe(true);
  });
});

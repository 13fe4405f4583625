/**
 * Where ECOMMPAY's Payment Page widget comes from (spec 1 §4 'Card payment widget'): the web app
 * loads its merchant script and style sheet, and the server's Content-Security-Policy allows this
 * one origin for scripts, styles, frames and forms when ECOMMPAY is configured (http/security-headers.ts).
 */
export const ECOMMPAY_ORIGIN = 'https://paymentpage.ecommpay.com';
export const ECOMMPAY_SCRIPT = `${ECOMMPAY_ORIGIN}/shared/merchant.js`;
export const ECOMMPAY_CSS = `${ECOMMPAY_ORIGIN}/shared/merchant.css`;

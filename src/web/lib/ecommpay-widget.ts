/**
 * ECOMMPAY's Payment Page widget (spec 1 §4 'Card payment widget', §7 POST payments for ecommpay):
 * their merchant script defines `window.EPayWidget`; `EPayWidget.run(configObj, 'POST')` opens the
 * payment page in a modal with the signed parameters the server answered. Handler functions
 * (onPaymentSuccess, onExit, onDestroy, …) ride in the same object; they are not signed.
 */

import { ECOMMPAY_CSS, ECOMMPAY_SCRIPT } from '../../shared/ecommpay';

export const ECOMMPAY_LOAD_FAILED =
  "The card payment page could not be opened: ECOMMPAY's payment script did not load (no internet connection, or it is blocked). The payment has not been taken.";

interface EPayWidgetApi {
  run: (config: Record<string, unknown>, method?: 'POST' | 'GET') => unknown;
}

declare global {
  interface Window {
    EPayWidget?: EPayWidgetApi;
  }
}

let loading: Promise<EPayWidgetApi> | null = null;

/** Loads the merchant script (once) and answers EPayWidget; rejects when it cannot load in time. */
export function loadEcommpay(timeoutMs = 15_000): Promise<EPayWidgetApi> {
  if (window.EPayWidget) return Promise.resolve(window.EPayWidget);
  if (loading) return loading;
  loading = new Promise<EPayWidgetApi>((resolve, reject) => {
    if (!document.querySelector(`link[href="${ECOMMPAY_CSS}"]`)) {
      const css = document.createElement('link');
      css.rel = 'stylesheet';
      css.href = ECOMMPAY_CSS;
      document.head.appendChild(css);
    }
    const script = document.createElement('script');
    script.src = ECOMMPAY_SCRIPT;
    script.async = true;
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(ECOMMPAY_LOAD_FAILED));
    };
    const timer = setTimeout(fail, timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      if (window.EPayWidget) resolve(window.EPayWidget);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Opens the widget with the server's parameters. `onSuccess` runs when ECOMMPAY reports the payment
 * succeeded, `onClosed` when the customer or staff member leaves the widget.
 */
export async function openEcommpayWidget(
  params: Record<string, unknown>,
  { onSuccess, onClosed }: { onSuccess: () => void; onClosed: () => void },
): Promise<void> {
  const widget = await loadEcommpay();
  let closed = false;
  const close = () => {
    if (!closed) {
      closed = true;
      onClosed();
    }
  };
  widget.run({ ...params, onPaymentSuccess: onSuccess, onExit: close, onDestroy: close }, 'POST');
}

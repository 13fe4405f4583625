/**
 * The affiliates area's public module: the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */

export { AdvertPaymentModal } from './AdvertPaymentModal';
export { AdvertProductsModal } from './AdvertProductsModal';
export { AffiliateForm } from './AffiliateForm';
export { usePreData } from './advert-data';

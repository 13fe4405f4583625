/** Who a booking's emails go to: the rule lives below the areas (lib/recipient.ts), for the portal's token checks too. */
export { NO_RECIPIENT_EMAIL, RECIPIENT, RECIPIENT_GREETING } from '../../lib/recipient';

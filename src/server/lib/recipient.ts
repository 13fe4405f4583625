import { sql } from 'drizzle-orm';

/**
 * Who a booking's emails go to (spec 1 §4 change notices and accepted changes, §5 additional
 * documents, card payments): its customer's address, else its agent's (a blank address counts as
 * none), greeted by the name of whoever that address belongs to. SQL on a booking aliased `b`;
 * `joins` adds its customer `c` and agent `a`. The one home of that rule.
 */
const CUSTOMER_EMAIL = sql`nullif(trim(c.email), '')`;

export const RECIPIENT = {
  joins: sql`left join customers c on c.id = b.customer_id left join agents a on a.id = b.agent_id`,
  /** The address: the customer's, else the agent's; null when neither has one. */
  email: sql`coalesce(${CUSTOMER_EMAIL}, nullif(trim(a.email), ''))`,
  /** The name to greet: the customer's full name when the customer's address is used, else the agent's. */
  name: sql`case when ${CUSTOMER_EMAIL} is not null then c.full_name else a.name end`,
  /** The greeting's parts (shared/greeting.ts): the customer's title, first and last name when the customer's address is used. */
  title: sql`case when ${CUSTOMER_EMAIL} is not null then c.title end`,
  first_name: sql`case when ${CUSTOMER_EMAIL} is not null then c.first_name end`,
  last_name: sql`case when ${CUSTOMER_EMAIL} is not null then c.last_name end`,
};

/** The greeting columns of RECIPIENT as `name, title, first_name, last_name` (for a select list). */
export const RECIPIENT_GREETING = sql`${RECIPIENT.name} as name, ${RECIPIENT.title} as title,
  ${RECIPIENT.first_name} as first_name, ${RECIPIENT.last_name} as last_name`;

/** 422 text when a change notice has no one to go to (neither customer nor agent has an address). */
export const NO_RECIPIENT_EMAIL = 'This booking has no customer or agent email address to send to.';

/**
 * The one greeting rule of every letter and email the operator sends (issue #22 point 3): a person
 * is greeted by title and surname ('Dear Mrs Wickersham'); without a title, by first name and
 * surname ('Dear Harriet Wickersham' — never 'Dear Wickersham' alone, which reads curt); with only
 * one of the names, by that name; with no parts at all, by the whole name we hold (an agent's or
 * company's name, an old record's lead passenger), else 'Customer'. Used by template emails
 * (`{customer_salutation}`), the ATOL email, change notices, additional documents, the brochure
 * cover letter and agents' emails.
 */

/** What is known of whoever is greeted; every part may be missing or blank. */
export interface GreetingName {
  title?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  /** The whole name (a customer's full name, an agent's name): used when the parts say nothing. */
  name?: string | null;
}

const part = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** 'Mrs Wickersham'; 'Harriet Wickersham' without a title; the whole name without parts; 'Customer'. */
export function salutationName(p: GreetingName): string {
  const title = part(p.title).replace(/\.$/, '');
  const first = part(p.first_name);
  const last = part(p.last_name);
  if (last && title) return `${title} ${last}`;
  if (last || first) return [first, last].filter(Boolean).join(' ');
  return part(p.name) || 'Customer';
}

/** 'Dear Mrs Wickersham,' — the greeting line of a letter or email (plain text). */
export function greetingLine(p: GreetingName): string {
  return `Dear ${salutationName(p)},`;
}

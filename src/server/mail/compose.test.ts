import { describe, expect, it } from 'vitest';
import type { Letterhead } from '../documents/letterhead';
import { composeEmail, emailFooterHtml } from './compose';
import { emailDocument } from './templates';

const company: Letterhead = {
  company_name: 'Wayfarer & Sons',
  company_address: '12 Deansgate\nManchester M3 2BY',
  company_phone: '0161 496 0750',
  company_email: 'desk@wayfarer.test',
  company_website: '',
  abta_number: 'P7123',
  atol_number: '11234',
  vat_number: '',
};

describe('composeEmail (issue #22: one footer, a text part always)', () => {
  it('puts the letterhead footer inside a whole emailDocument and makes the text from it', () => {
    const { html, text } = composeEmail(company, emailDocument('<p>Dear Mrs Hay,</p><p>Hello.</p>'));
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(html).toContain('<strong>Wayfarer &amp; Sons</strong>');
    expect(html.indexOf('Hello.')).toBeLessThan(html.indexOf('Wayfarer'));
    expect(text).toBe(
      [
        'Dear Mrs Hay,',
        '',
        'Hello.',
        '',
        'Wayfarer & Sons',
        '12 Deansgate, Manchester M3 2BY',
        'Tel 0161 496 0750 · desk@wayfarer.test',
        'ABTA P7123 · ATOL 11234',
      ].join('\n'),
    );
  });
  it('wraps a fragment in the document; no settings, no footer', () => {
    const blank = Object.fromEntries(Object.keys(company).map((k) => [k, ''])) as unknown as Letterhead;
    expect(emailFooterHtml(blank)).toBe('');
    const { html, text } = composeEmail(blank, '<p>Hi</p>');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(text).toBe('Hi');
  });
});

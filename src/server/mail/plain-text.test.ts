import { describe, expect, it } from 'vitest';
import { htmlToText } from './plain-text';

describe('htmlToText', () => {
  it('lays out paragraphs, line breaks, lists, tables and links', () => {
    const html =
      '<!DOCTYPE html><html><head><style>td p{margin:0}</style><title>x</title></head><body>' +
      '<p>Dear Mrs O&#39;Brien,</p><p>Your booking <strong>HB100</strong> &amp; more:<br>line two</p>' +
      '<ul><li><p>Room: Double &rarr; Suite</p></li><li>Total &lt;now&gt;</li></ul>' +
      '<ol><li>one</li><li>two</li></ol>' +
      '<table><tbody><tr><th><p>Hotel</p></th><td><p>Grand, Nice</p></td></tr></tbody></table>' +
      '<p><a href="https://x.test/b/1">Manage your booking</a> or <a href="mailto:a@b.test">a@b.test</a></p>' +
      '<script>alert(1)</script><!-- hidden --></body></html>';
    expect(htmlToText(html)).toBe(
      [
        "Dear Mrs O'Brien,",
        '',
        'Your booking HB100 & more:',
        'line two',
        '',
        '- Room: Double → Suite',
        '- Total <now>',
        '',
        ' 1. one',
        ' 2. two',
        '',
        'Hotel   Grand, Nice',
        '',
        'Manage your booking (https://x.test/b/1) or a@b.test',
      ].join('\n'),
    );
  });
  it('leaves one blank line between blocks nested in blocks, and no trailing spaces', () => {
    const text = htmlToText(
      '<div><p>Changes:</p><div><ul><li>Room → Suite</li></ul></div></div><table><tr><td>Hotel</td><td>Grand</td></tr></table>',
    );
    expect(text).toBe(['Changes:', '', '- Room → Suite', '', 'Hotel   Grand'].join('\n'));
  });
  it('keeps plain text as it is and answers empty for nothing', () => {
    expect(htmlToText('Hello   there')).toBe('Hello there');
    expect(htmlToText('')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { richTextContent } from './rich-text';

const texts = (html: string) =>
  richTextContent(html).map((b) =>
    JSON.stringify(b)
      .match(/"text":"([^"]*)"/g)
      ?.map((t) => t.slice(8, -1)),
  );

describe('richTextContent', () => {
  it('keeps the bullet of a list item written as <li><p>…</p></li> (the editor’s markup)', () => {
    expect(
      texts('<ul><li><p>Print your boarding pass</p></li><li><p>Bring your passport</p></li></ul>'),
    ).toEqual([
      ['•', 'Print your boarding pass'],
      ['•', 'Bring your passport'],
    ]);
    expect(texts('<ol><li><p>One</p></li><li>Two</li></ol>')).toEqual([
      ['1.', 'One'],
      ['2.', 'Two'],
    ]);
  });

  it('gives no bullet to a paragraph after an empty item', () => {
    expect(texts('<ul><li></li></ul><p>After</p>')).toEqual([['After']]);
  });
});

import sanitizeHtml from 'sanitize-html';

/**
 * The plain-text part of an email, made from its HTML (issue #22 point 3: every email carries one).
 *
 * html-to-text is not a dependency of this project (it is only in node_modules as mailparser's, a
 * dev dependency), so the HTML is first normalised by sanitize-html — a real HTML parser
 * (htmlparser2) that drops comments, <head>, <style> and <script>, decodes every entity, lower-cases
 * tags and re-escapes text as exactly &amp; &lt; &gt; &quot; — and the few structural tags it keeps
 * are then laid out as text: paragraphs and headings apart by a blank line, <br> as a line break,
 * list items '- ' (numbered in <ol>), table cells side by side, one row a line, and a link as
 * 'text (address)' unless the text is the address.
 */

const KEPT = [
  'p',
  'br',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'a',
  'blockquote',
  'hr',
];
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'ul', 'ol']);

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** `html` (a fragment or a whole document) as readable plain text, lines joined by '\n'. */
export function htmlToText(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: KEPT,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'head', 'title'],
  });
  let out = '';
  const lists: { ordered: boolean; n: number }[] = [];
  const links: { href: string; start: number }[] = [];
  let cellInRow = 0;
  // Open <li>, <td> and <th>: a <p> inside one (as the rich-text editor writes) is not a paragraph.
  let boxes = 0;
  const breakLines = (n: number) => {
    out = out.replace(/[ \t]+$/, '');
    const have = /\n*$/.exec(out)?.[0].length ?? 0;
    if (out.length > 0 && have < n) out += '\n'.repeat(n - have);
  };
  for (const m of clean.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (m[4] !== undefined) {
      const text = decode(m[4]).replace(/[\s\u00a0]+/g, ' ');
      // A run of white space at the start of a line says nothing.
      out += /(^|\n)$/.test(out) ? text.trimStart() : text;
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2];
    if (tag === 'br') {
      out = out.replace(/[ \t]+$/, '');
      out += '\n';
    } else if (tag === 'hr') {
      breakLines(1);
      out += '----------------------------------------';
      breakLines(1);
    } else if (tag === 'li') {
      if (closing) {
        boxes--;
        continue;
      }
      boxes++;
      breakLines(1);
      const list = lists.at(-1);
      const indent = '  '.repeat(Math.max(0, lists.length - 1));
      out += list?.ordered ? `${indent}${++list.n}. ` : `${indent}- `;
    } else if (tag === 'ul' || tag === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', n: 0 });
      breakLines(lists.length > (closing ? 0 : 1) ? 1 : 2);
    } else if (tag === 'tr') {
      breakLines(1);
      cellInRow = 0;
    } else if (tag === 'td' || tag === 'th') {
      boxes += closing ? -1 : 1;
      if (!closing && cellInRow++ > 0) out = `${out.replace(/[ \t]+$/, '')}  `;
    } else if (tag === 'p' && boxes > 0) {
      // A second paragraph in the same item or cell starts a new line.
      if (!closing && !/(^|\n|- |\d+\. | {2})$/.test(out)) breakLines(1);
    } else if (tag === 'a') {
      if (!closing) {
        links.push({ href: decode(/href="([^"]*)"/.exec(m[3])?.[1] ?? ''), start: out.length });
        continue;
      }
      const link = links.pop();
      if (!link?.href) continue;
      const text = out.slice(link.start).trim();
      const address = link.href.replace(/^mailto:/, '');
      if (text !== address && text !== link.href) out += text ? ` (${address})` : address;
    } else if (PARAGRAPH.has(tag)) {
      breakLines(2);
    } else if (tag === 'div') {
      breakLines(1);
    }
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

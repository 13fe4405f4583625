import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { INK } from './letterhead';
import type { Content } from './pdf';

/**
 * Rich text staff typed (an airline's check-in content: HTML from the editor) as plain PDF text:
 * paragraphs, headings, bullet and numbered lists, bold, italics and underline; links print their
 * text and address; tables flatten to one paragraph per row; everything else (scripts, images,
 * styles) is dropped by sanitize-html first, so nothing in it can reach the renderer but text.
 */

const KEEP = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
];

interface Run {
  text: string;
  bold?: boolean;
  italics?: boolean;
  decoration?: 'underline';
}

/** The HTML as pdfmake blocks (see the module comment); [] for blank input. */
export function richTextContent(html: string | null | undefined): Content[] {
  if (!html?.trim()) return [];
  // Table cells read as 'Bags · 22kg': a separator after each cell but the last of its row.
  const cells = html.replace(/<\/t[dh]>(?=\s*<t[dh][\s>])/gi, '$& · ');
  const clean = sanitizeHtml(cells, {
    allowedTags: KEEP,
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { div: 'p', tr: 'p', blockquote: 'p', th: 'span', td: 'span' },
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
  });
  const blocks: Content[] = [];
  let runs: Run[] = [];
  let heading = false;
  const style = { bold: 0, italics: 0, underline: 0 };
  const lists: { ordered: boolean; n: number }[] = [];
  let href: string | null = null;
  let bullet: string | null = null;

  const flush = () => {
    const text = runs.map((r) => r.text).join('');
    if (text.trim()) {
      const depth = Math.max(0, lists.length - 1);
      const body: Content = {
        text: runs.map((r, i) => ({ ...r, text: i === 0 ? r.text.trimStart() : r.text })),
        bold: heading || undefined,
        fontSize: heading ? 10 : undefined,
        color: heading ? INK.accent : undefined,
      };
      blocks.push(
        bullet
          ? {
              columns: [
                { width: 14, text: bullet },
                { width: '*', ...body },
              ],
              margin: [10 + depth * 14, 0, 0, 2],
            }
          : { ...body, margin: [0, heading ? 6 : 0, 0, 5] },
      );
      // The bullet goes with the item's first text: `<li><p>text</p></li>` (what the editor writes)
      // keeps it across the `<p>`.
      bullet = null;
    }
    runs = [];
    heading = false;
  };

  const addText = (raw: string) => {
    const text = decodeHTML(raw).replace(/\s+/g, ' ');
    if (text) {
      runs.push({
        text,
        bold: style.bold > 0 || undefined,
        italics: style.italics > 0 || undefined,
        decoration: style.underline > 0 ? 'underline' : undefined,
      });
    }
  };
  const onTag = (name: string, closing: boolean, attribs: Record<string, string> = {}) => {
    const d = closing ? -1 : 1;
    switch (name) {
      case 'strong':
      case 'b':
        style.bold = Math.max(0, style.bold + d);
        break;
      case 'em':
      case 'i':
        style.italics = Math.max(0, style.italics + d);
        break;
      case 'u':
        style.underline = Math.max(0, style.underline + d);
        break;
      case 'br':
        if (!closing) runs.push({ text: '\n' });
        break;
      case 'a':
        if (!closing) href = attribs.href ?? null;
        else {
          const target = href ? decodeHTML(href).replace(/^mailto:|^tel:/, '') : null;
          const shown = runs.map((r) => r.text).join('');
          if (target && !shown.includes(target)) runs.push({ text: ` (${target})` });
          href = null;
        }
        break;
      case 'ul':
      case 'ol':
        flush();
        bullet = null;
        if (!closing) lists.push({ ordered: name === 'ol', n: 0 });
        else lists.pop();
        break;
      case 'li':
        flush();
        bullet = null;
        if (!closing) {
          const list = lists.at(-1);
          if (list) {
            list.n += 1;
            bullet = list.ordered ? `${list.n}.` : '•';
          } else bullet = '•';
        }
        break;
      case 'p':
        flush();
        break;
      default:
        if (/^h[1-6]$/.test(name)) {
          flush();
          heading = !closing;
        }
    }
  };
  // Only the tags written in `clean` count, not the closes the parser implies: sanitize-html's own
  // parser wrote `clean`, and a cell's <p> can leave it unbalanced. Without entity decoding each text
  // between two tags (stray ones too) comes as one piece, decoded by addText.
  const parser = new Parser(
    {
      onopentag: (name, attribs) => onTag(name, false, attribs),
      onclosetag: (name, implied) => {
        if (!implied) onTag(name, true);
      },
      ontext: addText,
    },
    { decodeEntities: false },
  );
  parser.end(clean);
  flush();
  return blocks;
}

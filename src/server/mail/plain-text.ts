import { convert, type HtmlToTextOptions } from 'html-to-text';

/**
 * html-to-text's layout for our emails: no hard wrapping (mail clients wrap), headings as written
 * (not upper-cased), lists with '- ' or ' 1. ', tables as columns, a link as 'text (address)' unless
 * the text is the address, images left out.
 */
const options: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: '- ' } },
    // The rich-text editor wraps a list item's or a cell's text in <p>: not a paragraph of its own.
    ...['li > p', 'td > p', 'th > p'].map((selector) => ({ selector, format: 'inline' })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({ selector: h, options: { uppercase: false } })),
  ],
};

/**
 * The plain-text part of an email, made from its HTML (issue #22 point 3: every email carries one)
 * by html-to-text: `html` (a fragment or a whole document) as readable text, lines joined by '\n';
 * <head>, <style> and <script> say nothing, and no more than one blank line separates blocks.
 */
export function htmlToText(html: string): string {
  // Blocks nested in blocks (a list in a table cell in a div) each leave their blank line.
  return convert(html, options)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

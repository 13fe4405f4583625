import { createRequire } from 'node:module';
import path from 'node:path';
import type { Column, Content, ContentStack, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

export type { Column, Content, ContentStack, TableCell, TDocumentDefinitions };

/**
 * The one PDF renderer of the server (pdfmake 0.3, DESIGN.md: a confirmation in ~150 ms). Fonts:
 * the PDF standard Helvetica family by default — nothing to embed, and measuring text with its
 * metrics costs half what a TrueType font does (a 25-line confirmation: ~200 ms against ~400 ms with
 * Roboto on this machine under load); its WinAnsi encoding has £, –, ·, ’ and •. Roboto, the
 * TrueType family pdfmake ships in its own package, is registered too for text beyond WinAnsi
 * (`font: 'Roboto'` on a node). pdfmake may read only those font files and never fetches a URL:
 * document definitions are built from booking data, and a name or note must never make the server
 * read a file or call out.
 */

const require = createRequire(import.meta.url);
const ROBOTO_DIR = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
const roboto = (file: string) => path.join(ROBOTO_DIR, file);

const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);

type PdfMake = typeof import('pdfmake');
let loaded: Promise<PdfMake> | null = null;

/**
 * pdfmake, loaded and configured on the first document: a server that makes no PDF (a report run,
 * a bookings page) keeps its ~20 MB out of memory.
 */
function pdfmakeReady(): Promise<PdfMake> {
  loaded ??= import('pdfmake').then((m) => {
    // CommonJS: the module's default export is pdfmake itself.
    const pdfmake = ((m as { default?: PdfMake }).default ?? m) as PdfMake;
    pdfmake.setFonts({
      Roboto: {
        normal: roboto('Roboto-Regular.ttf'),
        bold: roboto('Roboto-Medium.ttf'),
        italics: roboto('Roboto-Italic.ttf'),
        bolditalics: roboto('Roboto-MediumItalic.ttf'),
      },
      Helvetica: {
        normal: 'Helvetica',
        bold: 'Helvetica-Bold',
        italics: 'Helvetica-Oblique',
        bolditalics: 'Helvetica-BoldOblique',
      },
    });
    pdfmake.setLocalAccessPolicy(
      (file) => STANDARD_FONTS.has(file) || path.resolve(file).startsWith(ROBOTO_DIR + path.sep),
    );
    pdfmake.setUrlAccessPolicy(() => false);
    return pdfmake;
  });
  return loaded;
}

/** The font every document uses unless a definition names another. */
export const DOCUMENT_FONT = 'Helvetica';

/** Characters the standard fonts' WinAnsi encoding has: Latin-1 and the cp1252 extras (€ ‚ „ … † ‡ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ™ š › œ ž Ÿ ƒ ˆ ˜). */
const WIN_ANSI = /^[\t\n\r\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/**
 * The font a definition needs: Helvetica (`DOCUMENT_FONT`) while every text in its content and
 * metadata (the letterhead's company name included) fits WinAnsi, else Roboto — a passenger called
 * Łukasz or an airline's text in Greek prints its real letters instead of gaps.
 */
export function fontFor(def: TDocumentDefinitions): string {
  const page = { width: 595.28, height: 841.89, orientation: 'portrait' as const };
  const header = typeof def.header === 'function' ? def.header(1, 1, page) : def.header;
  const footer = typeof def.footer === 'function' ? def.footer(1, 1, page) : def.footer;
  // JSON keeps every character of the texts as it is (only quotes, backslashes and controls are escaped).
  return WIN_ANSI.test(JSON.stringify([def.content, def.info ?? null, header ?? null, footer ?? null]))
    ? DOCUMENT_FONT
    : 'Roboto';
}

/**
 * Renders a pdfmake document definition to the PDF's bytes. The default style's font, when the
 * definition sets none, is `fontFor(def)`: Helvetica, or Roboto for text beyond WinAnsi. Rejects
 * when pdfmake cannot lay the definition out.
 */
export async function renderPdf(def: TDocumentDefinitions): Promise<Buffer> {
  const withFont: TDocumentDefinitions = {
    ...def,
    defaultStyle: { font: fontFor(def), ...(def.defaultStyle ?? {}) },
  };
  const pdfmake = await pdfmakeReady();
  return pdfmake.createPdf(withFont).getBuffer();
}

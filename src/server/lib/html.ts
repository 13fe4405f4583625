/** Characters that HTML text and attribute values must not carry as they are. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to put in HTML (an email body, a document): & < > " ' become entities. The one
 * escaper of the server's hand-built HTML; rich text staff typed goes through lib/sanitize.ts.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML element content and quoted attribute values: `<script>`, `</textarea>` and quotes
 * become inert characters. Every string that came from a transcript, an artifact, a response or a method name
 * goes through this before it reaches the page; the report never builds links from such text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

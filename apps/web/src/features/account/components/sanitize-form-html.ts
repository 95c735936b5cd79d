import DOMPurify from 'dompurify';

/**
 * Server form HTML is sanitised before it reaches the DOM: scripts, event-handler attributes,
 * javascript: URLs, frames and styles are dropped; form controls and their names stay.
 */
export function sanitizeFormHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
    FORBID_ATTR: ['style', 'formaction'],
  });
}

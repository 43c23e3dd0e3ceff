import { RICH_TEXT_POLICY } from '@portal/domain';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One window for the process: DOMPurify only parses into it, nothing is kept between calls.
const purify = createDOMPurify(new JSDOM('').window);

/**
 * Release note and version HTML as stored: DOMPurify with the domain's rich-text policy (the browser runs the same
 * policy again before rendering), so scripts, styles, event handlers and javascript: links never reach the table.
 */
export function sanitiseHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.ALLOWED_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_POLICY.ALLOWED_ATTR],
    ALLOWED_URI_REGEXP: RICH_TEXT_POLICY.ALLOWED_URI_REGEXP,
  });
}

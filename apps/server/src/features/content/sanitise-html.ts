import { CONTENT_MESSAGES, hasVisibleText, RICH_TEXT_POLICY } from '@portal/domain';
import type { DOMPurify } from 'dompurify';
import { badRequest } from '../../platform/errors.ts';

// jsdom costs ~300 ms to load, so it is loaded on the first note or version written, not at every server start.
// One window for the process: DOMPurify only parses into it, nothing is kept between calls.
let purifier: Promise<DOMPurify> | undefined;
function loadPurifier(): Promise<DOMPurify> {
  purifier ??= Promise.all([import('dompurify'), import('jsdom')]).then(([dompurify, jsdom]) =>
    dompurify.default(new jsdom.JSDOM('').window),
  );
  return purifier;
}

/**
 * Release note and version HTML as stored: DOMPurify with the domain's rich-text policy (the browser runs the same
 * policy again before rendering), so scripts, styles, event handlers and javascript: links never reach the table.
 */
export async function sanitiseHtml(html: string): Promise<string> {
  const purify = await loadPurifier();
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.ALLOWED_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_POLICY.ALLOWED_ATTR],
    ALLOWED_URI_REGEXP: RICH_TEXT_POLICY.ALLOWED_URI_REGEXP,
  });
}

/**
 * A required description as stored: sanitised, and 400 when nothing visible is left. The schema already refuses
 * HTML with no text, but text inside what the sanitiser drops ('<script>x</script>') only vanishes here.
 */
export async function sanitiseRequiredHtml(html: string): Promise<string> {
  const clean = await sanitiseHtml(html);
  if (!hasVisibleText(clean)) {
    throw badRequest(CONTENT_MESSAGES.descriptionRequired, {
      description: CONTENT_MESSAGES.descriptionRequired,
    });
  }
  return clean;
}

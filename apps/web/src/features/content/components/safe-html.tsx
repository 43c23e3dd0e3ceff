import { Typography } from '@mantine/core';
import { RICH_TEXT_POLICY } from '@portal/domain';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export interface SafeHtmlProps {
  html: string;
}

/** Stored HTML rendered after DOMPurify with the domain's policy: the server sanitised it too, this is the second guard. */
export function SafeHtml({ html }: SafeHtmlProps) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: [...RICH_TEXT_POLICY.ALLOWED_TAGS],
        ALLOWED_ATTR: [...RICH_TEXT_POLICY.ALLOWED_ATTR],
        ALLOWED_URI_REGEXP: RICH_TEXT_POLICY.ALLOWED_URI_REGEXP,
      }),
    [html],
  );
  return (
    <Typography>
      <div
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Typography>
  );
}

import { Typography } from '@mantine/core';

export interface HtmlContentProps {
  /** HTML that the server has already sanitised (the `…Html` and blog `body` fields). */
  html: string;
}

/** Shows sanitised HTML from the API with Mantine's typography. */
export function HtmlContent({ html }: HtmlContentProps) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises this HTML (sanitize-html)
    <Typography dangerouslySetInnerHTML={{ __html: html }} />
  );
}

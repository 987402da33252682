import { Alert, Anchor, Box, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Markdown, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../../../components/a11y/SkipLink';
import { PublicBrand, PublicHeader } from '../../../components/discovery/PublicPageLayout';
import { LegalLinks } from '../../../components/legal/LegalLinks';
import { fillCompanyPlaceholders, type LegalSlug, legalPageBySlug } from '../../../domain/legal-pages';
import { useCompanyDetails } from '../api/company-details';
import { legalMarkdown } from '../api/legal-texts';

function TextLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (href?.startsWith('/'))
    return (
      <Anchor component={Link} to={href} underline="always">
        {children}
      </Anchor>
    );
  return (
    <Anchor href={href} underline="always" target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

const overrides: MarkdownToJSX.Overrides = {
  h1: { component: Title, props: { order: 1, mb: 'sm' } },
  h2: { component: Title, props: { order: 2, size: 'h3', mt: 'lg', mb: 'xs' } },
  h3: { component: Title, props: { order: 3, size: 'h4', mt: 'md', mb: 'xs' } },
  p: { component: Text, props: { mb: 'sm' } },
  a: { component: TextLink },
  ul: { component: List, props: { mb: 'sm', spacing: 4 } },
  li: { component: List.Item },
  blockquote: {
    component: ({ children }: { children?: ReactNode }) => (
      <Alert variant="light" color="yellow" mb="md" role="note">
        {children}
      </Alert>
    ),
  },
};

/** One legal page (Impressum, Datenschutz, …): its Markdown text with the provider's details filled in. */
export function LegalPageScreen({ slug }: { slug: LegalSlug }) {
  const page = legalPageBySlug(slug);
  const company = useCompanyDetails();
  const details = company.data ?? null;
  useEffect(() => {
    document.title = `${page?.title ?? 'Rechtliches'} · Weindepot`;
  }, [page]);
  const markdown = fillCompanyPlaceholders(legalMarkdown(slug), details);
  return (
    <Box mih="100vh" bg="var(--mantine-color-cork-0)">
      <PublicHeader>
        <Anchor component={Link} to="/" c="wine.9" underline="never" aria-label="Weindepot">
          <PublicBrand />
        </Anchor>
      </PublicHeader>
      <Container size="md" py="xl" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Stack gap="lg">
          {company.isError && !details && (
            <Alert color="gray" role="status" data-testid="company-details-missing">
              Die Angaben zum Anbieter sind gerade nicht erreichbar. Sobald Ihr Gerät wieder online ist,
              erscheinen sie hier.
            </Alert>
          )}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className="legal-text">
            <Markdown options={{ overrides, disableParsingRawHTML: true }}>{markdown}</Markdown>
          </Paper>
          <Box component="footer" py="md">
            <LegalLinks />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

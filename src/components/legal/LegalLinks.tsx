import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LEGAL_PAGES } from '../../domain/legal-pages';

/**
 * Impressum, Datenschutz, AGB, Widerruf and Barrierefreiheit as in-app links (they open offline
 * too), in a `<nav>` named for screen readers. Every layout ends with it.
 */
export function LegalLinks({ justify = 'center' }: { justify?: 'center' | 'flex-start' }) {
  return (
    <Group
      component="nav"
      aria-label="Rechtliches"
      gap="lg"
      style={{ rowGap: 'var(--mantine-spacing-xs)' }}
      justify={justify}
      wrap="wrap"
    >
      {LEGAL_PAGES.map((page) => (
        <Anchor key={page.slug} component={Link} to={page.path} size="sm" c="dimmed" underline="always">
          {page.label}
        </Anchor>
      ))}
    </Group>
  );
}

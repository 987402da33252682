import { Anchor, Group } from '@mantine/core';
import { LegalLinks } from '../../../components/legal/LegalLinks';
import { FOOTER_LINKS } from '../../../domain/external-links';
import classes from './entry.module.css';

export function EntryFooter() {
  return (
    <footer className={classes.footer}>
      <LegalLinks />
      <Group gap="lg">
        {FOOTER_LINKS.map((link) => (
          <Anchor
            key={link.href}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            c="dimmed"
          >
            {link.label}
          </Anchor>
        ))}
      </Group>
    </footer>
  );
}

import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../../../components/a11y/SkipLink';
import { BrandMark } from '../../../components/BrandMark';
import { useHydrated } from '../../../components/use-hydrated';
import { EntryFooter } from './EntryFooter';
import classes from './entry.module.css';

/** The frame of all four entry modes: brand panel (wide screens), the form card and the footer. */
export function EntryLayout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    // Sent as HTML by the server: not usable (and so announced) until the JavaScript has taken over.
    <div className={classes.page} aria-disabled={hydrated ? undefined : true}>
      <aside className={classes.brandPanel}>
        <Stack gap="xs" align="flex-start">
          <BrandMark size={44} />
          <Text fw={600} size="xl">
            Weindepot
          </Text>
        </Stack>
        <p className={classes.brandClaim}>Ihr Weininvestment – limitierte Spitzenweine, sicher gelagert.</p>
        <Text className={classes.brandFacts}>
          Zollfreilager Genf, Schweiz · 100 % versichert · 13,5 °C · 70 % Luftfeuchtigkeit
        </Text>
      </aside>
      <div className={classes.main}>
        <header className={classes.mobileBrand}>
          <BrandMark size={28} />
          <Text fw={600}>Weindepot</Text>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.content}>
          <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </main>
        <EntryFooter />
      </div>
    </div>
  );
}

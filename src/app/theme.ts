import { type CSSVariablesResolver, createTheme, darken, type MantineColorsTuple } from '@mantine/core';

/** Bordeaux red, light to dark; shade 8 is the brand colour (white text stays above WCAG AA). */
const wine: MantineColorsTuple = [
  '#fbeef1',
  '#f0d9de',
  '#e2b0bb',
  '#d48496',
  '#c85f77',
  '#c04863',
  '#bc3b58',
  '#a52d48',
  '#8f2440',
  '#7a1f35',
];

/** Warm greys with a hint of cork for surfaces and text. */
const cork: MantineColorsTuple = [
  '#f8f5f2',
  '#ece7e2',
  '#d8cec5',
  '#c2b3a6',
  '#af9c8b',
  '#a38d7a',
  '#9d8570',
  '#89735f',
  '#7a6653',
  '#6b5746',
];

export const BRAND_COLOR = wine[9];

export const theme = createTheme({
  colors: { wine, cork },
  primaryColor: 'wine',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's own transitions (menus, modals, collapses) skip their animation under reduced motion.
  respectReducedMotion: true,
  // The PDFs' font too (styles/fonts.css); the system fonts stand in until it has loaded.
  fontFamily:
    "'Source Sans 3', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily:
      "'Source Sans 3', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: '600',
  },
  // sm is the spec's mobile breakpoint (800 px), md the sidebar collapse (1024 px).
  breakpoints: { xs: '36em', sm: '50em', md: '64em', lg: '75em', xl: '88em' },
  // Filled badges and buttons on light colours (yellow, orange) get dark text (WCAG AA contrast).
  autoContrast: true,
  components: {
    // Mantine's close buttons have no name of their own; screen readers need one.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } },
  },
});

/** Mantine's "dimmed" grey (#868e96) reaches only 3.3:1 on white; this one 6:1 (WCAG AA: 4.5:1). */
const DIMMED = '#5c636a';

/**
 * Colour contrast AA (WCAG 2.1, 1.4.3) for secondary text and for the text of "light" badges,
 * buttons and alerts, whose default shade is too pale on its tinted background.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
  },
  dark: {},
});

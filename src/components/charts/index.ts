/**
 * The one entry to Mantine's charts: every chart of the product imports from here, so their
 * styles (`@mantine/charts/styles.css`, which gives the chart root its height and lays out the
 * legend) are loaded once, in the chunk that holds the charts, and never on routes without one
 * (`/login` stays within its budget). Importing `@mantine/charts` elsewhere is a lint-free
 * mistake this module exists to prevent: without the styles a chart renders at 0×0.
 */
import '@mantine/charts/styles.css';

export * from '@mantine/charts';
export { SharePieChart } from './SharePieChart';

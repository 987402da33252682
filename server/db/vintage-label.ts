import { sql } from 'drizzle-orm';
import { vintages } from './schema';

/** "Ornellaia 2021": the vintage title with its year, in SQL (as `vintageLabel` in the PWA). */
export const vintageLabelSql = sql<string>`case when ${vintages.title} like '%' || ${vintages.year}::text then ${vintages.title} else ${vintages.title} || ' ' || ${vintages.year}::text end`;

import { Badge, type BadgeProps } from '@mantine/core';

/** "Zweitmarkt" on an offer whose cases a client sells from the depot (offer cards and the offer page). */
export function SecondaryMarketBadge(props: Pick<BadgeProps, 'size'>) {
  return (
    <Badge
      color="grape"
      variant="filled"
      title="Kisten aus dem Depot einer Kundin oder eines Kunden, im Zollfreilager"
      {...props}
    >
      Zweitmarkt
    </Badge>
  );
}

import { PieChart, type PieChartProps } from '@mantine/charts';

/**
 * A pie of shares (grapes of a vintage, an offer, a proposal). Slices without a share are left out,
 * and a pie of one slice (100 %) is drawn without segment borders: recharts draws a full circle as
 * one sector from 0° to 360°, whose border shows as a radial line – a seam where no boundary is.
 */
export function SharePieChart({ data, ...props }: PieChartProps) {
  const slices = data.filter((slice) => slice.value > 0);
  return <PieChart strokeWidth={slices.length > 1 ? 1 : 0} {...props} data={slices} />;
}

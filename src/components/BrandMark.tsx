export interface BrandMarkProps {
  /** Edge length in pixels @default 32 */
  size?: number;
  /** Colour of the glass @default 'currentColor' */
  color?: string;
}

/** The Weindepot wine-glass mark, drawn inline so it needs no network. */
export function BrandMark({ size = 32, color = 'currentColor' }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M20 8h24c1 9 1.5 17-2.5 23.5C38.8 35.9 35.5 38 34 38.6V52h8a2 2 0 0 1 0 4H22a2 2 0 0 1 0-4h8V38.6c-1.5-.6-4.8-2.7-7.5-7.1C18.5 25 19 17 20 8Z"
        fill={color}
      />
    </svg>
  );
}

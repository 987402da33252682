import { createContext, type ReactNode, useContext } from 'react';

const HiddenFiguresContext = createContext(false);

export const HiddenFiguresProvider = HiddenFiguresContext.Provider;

/** A number of the depot that the "Zahlen verbergen" toggle blurs. */
export function Figure({ children }: { children: ReactNode }) {
  const hidden = useContext(HiddenFiguresContext);
  return (
    <span
      data-figure
      aria-hidden={hidden || undefined}
      style={hidden ? { filter: 'blur(7px)', userSelect: 'none' } : undefined}
    >
      {children}
    </span>
  );
}

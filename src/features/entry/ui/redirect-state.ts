/** The page recorded by the `/admin` guard (`location.state.from`), carried through the entry modes. */
export function recordedFrom(locationState: unknown): string | undefined {
  if (typeof locationState !== 'object' || locationState === null || !('from' in locationState))
    return undefined;
  return typeof locationState.from === 'string' ? locationState.from : undefined;
}

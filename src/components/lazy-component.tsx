import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import {
  type ComponentType,
  isValidElement,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useState,
} from 'react';
import { Outlet } from 'react-router-dom';

/** Shown while a screen's code arrives (from the service worker's precache or the network). */
export function ScreenLoading() {
  return (
    <Center mih="40vh" role="status" aria-label="Seite wird geladen">
      <Loader />
    </Center>
  );
}

/** Shown in a dialog or panel while its code arrives. */
export function PartLoading() {
  return (
    <Center mih={160} role="status" aria-label="Wird geladen">
      <Loader />
    </Center>
  );
}

/** A part's code could not be fetched (offline before the app was cached, or a new version). */
function LoadFailed() {
  return (
    <Center mih={160}>
      <Stack align="center" gap="sm" role="alert">
        <Text>Dieser Inhalt konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.</Text>
        <Button onClick={() => window.location.reload()}>Neu laden</Button>
      </Stack>
    </Center>
  );
}

/** A split-off component that can also be fetched ahead of its first render. */
export type PreloadableComponent<Props extends object> = ComponentType<Props> & {
  /** Fetches the code; resolves once it is there (or failed: then the component says so). */
  preload: () => Promise<unknown>;
};

export interface LazyComponentOptions {
  /**
   * The part renders only Mantine components whose styles are in `styles/first-screen.css` (the
   * entry pages, the public offer page): it does not wait for the other styles. Default false:
   * the part's code runs once `styles/other.css` is there too.
   */
  firstScreen?: boolean;
}

/**
 * A component whose code is split off and fetched on first render: a route's screen (so a
 * route's first load fetches the shell and its own screen only) or a part that is not always
 * shown (a dialog's body, a chart). Render it below a `Suspense` (`ScreenSuspense` for routes).
 *
 * Unlike `React.lazy`, it renders at once, without suspending, when its code is already there
 * (`preload()`, or an earlier render): a suspension shows the fallback, and React then holds
 * the content back for up to 300 ms, which a warm offline start cannot afford.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { firstScreen = false }: LazyComponentOptions = {},
): PreloadableComponent<Props> {
  // Marked fulfilled once the code is there (the fields React's `use` reads): from then on `use`
  // answers at once instead of suspending. `use` is called on every render, so a render that
  // suspended is retried with the same call (React requires that).
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => {
    if (!loading) {
      // The style sheet is requested first, so its <link> precedes the part's own styles (same cascade as before).
      const styles = firstScreen ? undefined : import('./styles/load-other-styles');
      const settled: Promise<ComponentType<Props>> = Promise.all([styles, load()]).then(
        ([, component]) => component,
        () => LoadFailed,
      );
      settled.then((component) => Object.assign(settled, { status: 'fulfilled', value: component }));
      loading = settled;
    }
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per split module at import time, as React.lazy does
  function LazyComponent(props: Props) {
    const Component = use(loadOnce());
    return <Component {...props} />;
  }
  return Object.assign(LazyComponent, { preload: loadOnce });
}

/** Fetches the code of a route element made with `lazyComponent` (others need none). */
export function preloadElement(element: ReactNode): Promise<unknown> {
  if (!isValidElement(element)) return Promise.resolve();
  const type: unknown = element.type;
  if (typeof type === 'function' && 'preload' in type && typeof type.preload === 'function') {
    return Promise.resolve(type.preload());
  }
  return Promise.resolve();
}

/**
 * For a dialog whose code loads on its first opening: renders it closed first and open one
 * commit later. Mantine remembers the element to give the focus back to (on close) only when
 * `opened` changes, not when a dialog mounts already open. Place it inside the `Suspense`.
 */
export function OpenAfterMount({
  opened,
  children,
}: {
  opened: boolean;
  children: (opened: boolean) => ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return children(opened && mounted);
}

/** Layout route: its child screens are lazy; the frame around stays while one loads. */
export function ScreenSuspense() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}

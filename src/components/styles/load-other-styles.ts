import './other.css';

/** Imported dynamically: the bundler turns this module into a style sheet loaded on demand (`lazyComponent`). */
export const otherStylesLoaded = true;

import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only by itself when the test API is global.
afterEach(() => cleanup());

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens for fonts loading on it.
if (!document.fonts)
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
// find*/waitFor wait for a state: on a busy 2-core machine a page can take seconds to get
// there, so the wait is generous (it ends as soon as the state is reached)
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
// a Combobox scrolls its selected option into view (Select with a value, e.g. the schedule form's)
Element.prototype.scrollIntoView = function scrollIntoView() {};

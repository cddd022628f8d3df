import { useHotkeys } from '@mantine/hooks';

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on macOS); not while typing in a field. */
export function useEditorShortcuts(isEnabled: boolean, undo: () => void, redo: () => void): void {
  const when = (action: () => void) => () => {
    if (isEnabled) action();
  };
  useHotkeys([
    ['mod+Z', when(undo)],
    ['mod+shift+Z', when(redo)],
    ['mod+Y', when(redo)],
  ]);
}

import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

const TYPING_DELAY_MS = 400;

/**
 * The filter box text and the text the list is fetched with: typing applies
 * after a pause (or Enter), a preset applies at once.
 */
export function useFilterText(initialText: string) {
  const [text, setText] = useState(initialText);
  const [appliedText, setAppliedText] = useState(initialText);
  const applyLater = useDebouncedCallback(setAppliedText, TYPING_DELAY_MS);

  return {
    text,
    appliedText,
    type(value: string) {
      setText(value);
      applyLater(value);
    },
    apply(value: string) {
      applyLater.cancel();
      setText(value);
      setAppliedText(value);
    },
  };
}

import { Textarea } from '@mantine/core';
import { useState } from 'react';

/** Lines of a text, without blank ones; undefined when there are none. */
function parseLines(text: string): string[] | undefined {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.length > 0 ? lines : undefined;
}

function sameLines(a: string[] | undefined, b: string[] | undefined): boolean {
  return (a ?? []).join('\n') === (b ?? []).join('\n');
}

/**
 * A list edited as one value per line. The text is kept as typed (a new empty line stays
 * while the user types it) and follows the value when it changes from outside (undo).
 */
export function ListTextarea({
  label,
  description,
  value,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  value: string[] | undefined;
  disabled?: boolean;
  onChange: (value: string[] | undefined) => void;
}) {
  const [text, setText] = useState(() => (value ?? []).join('\n'));
  if (!sameLines(parseLines(text), value)) setText((value ?? []).join('\n'));
  return (
    <Textarea
      size="xs"
      label={label}
      description={description}
      autosize
      minRows={2}
      maxRows={8}
      value={text}
      disabled={disabled}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (!sameLines(parseLines(next), value)) onChange(parseLines(next));
      }}
    />
  );
}

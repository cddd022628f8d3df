import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';

const SHORT_TEXT_LENGTH = 150;

/** Short text values are cut to 150 characters with a Show more toggle (spec 1 §5). */
export function ShortText({ text }: { text: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const isLong = text.length > SHORT_TEXT_LENGTH;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {isLong && !isOpen ? `${text.slice(0, SHORT_TEXT_LENGTH)}…` : text}
      {isLong && (
        <>
          {' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setIsOpen(!isOpen)}>
            {isOpen ? 'Show less' : 'Show more'}
          </Anchor>
        </>
      )}
    </Text>
  );
}

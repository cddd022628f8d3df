import { Anchor } from '@mantine/core';

/** An address the item names, opened in a new tab and broken anywhere: a long URL must not widen its table. */
export function Href({ href }: { href: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
      {href}
    </Anchor>
  );
}

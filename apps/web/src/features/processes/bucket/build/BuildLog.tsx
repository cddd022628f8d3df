import { Code, ScrollArea } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** The live log, monospace, kept scrolled to its end as lines arrive. */
export function BuildLog({ log }: { log: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [log]);
  return (
    <ScrollArea.Autosize mah={360} viewportRef={viewport} type="auto" offsetScrollbars>
      <Code block fz="xs" aria-label="Build log" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {log}
      </Code>
    </ScrollArea.Autosize>
  );
}

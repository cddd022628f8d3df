import { Button, Group, Paper, ScrollArea, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { downloadText } from '../../../ui/download';
import { highlightYaml, type YamlToken } from './yaml-highlight';
import classes from './CwlTab.module.css';
import { countOf } from '../../../ui/plural';

/** The CWL tab (lazy-loaded): the original CWL, highlighted, with line numbers, and its download. */
export function CwlTab({ identifier, cwl }: { identifier: string; cwl: string }) {
  const lines = useMemo(() => highlightYaml(cwl), [cwl]);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          The CWL document as it was registered ({countOf(lines.length, 'line')})
        </Text>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => downloadText(`${identifier}.cwl`, cwl, 'application/cwl+yaml')}>
          Download
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ScrollArea.Autosize mah="70vh">
          <pre className={classes.code} aria-label="CWL document">
            {lines.map((tokens, index) => (
              <div key={index} className={classes.line}>
                <span className={classes.lineNumber} aria-hidden>
                  {index + 1}
                </span>
                <code>{tokens.map(renderToken)}</code>
              </div>
            ))}
          </pre>
        </ScrollArea.Autosize>
      </Paper>
    </>
  );
}

function renderToken(token: YamlToken, index: number) {
  return token.kind ? (
    <span key={index} className={classes[token.kind]}>
      {token.text}
    </span>
  ) : (
    token.text
  );
}

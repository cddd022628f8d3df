import { Box, Group } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { activeTarget } from './active-route';
import { fittingCount } from './fitting-count';
import { MoreMenu } from './MoreMenu';
import type { NavEntry } from './nav-entries';
import { NavDropdown } from './NavDropdown';
import { NavLinkButton } from './NavLinkButton';
import { useNavEntries } from './useNavEntries';

const GAP = 4;

function TopEntry({ entry, activeTo }: { entry: NavEntry; activeTo: string | undefined }) {
  if (entry.kind === 'menu') return <NavDropdown entry={entry} activeTo={activeTo} />;
  return <NavLinkButton entry={entry} isActive={entry.to === activeTo} />;
}

/**
 * The horizontal main navigation of wide screens. The entries that do not fit its width go into
 * a 'More' menu at its end (issue 34 §2: every entry reachable from 1024 px, the bar never
 * scrolling sideways). The widths come from an invisible copy of every entry and of 'More',
 * measured again whenever the entries or the bar's width change.
 */
export function MainNav() {
  const entries = useNavEntries();
  const { pathname } = useLocation();
  const activeTo = activeTarget(pathname, entries);
  // the observed width only says when to fit again; the width itself is read in the same layout
  // pass, so that no frame (and no test) ever sees the entries before they are fitted
  const { ref: observed, width } = useElementSize();
  const box = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(observed, box);
  const measured = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(entries.length);

  useLayoutEffect(() => {
    const copies = [...(measured.current?.children ?? [])].map((element) => element.getBoundingClientRect().width);
    const moreWidth = copies.pop() ?? 0;
    setShown(fittingCount(copies, box.current?.getBoundingClientRect().width ?? 0, moreWidth, GAP));
  }, [entries, width]);

  const count = Math.min(shown, entries.length);
  return (
    <Box ref={ref} pos="relative" style={{ flex: 1, minWidth: 0 }}>
      <Group component="nav" aria-label="Main" gap={GAP} wrap="nowrap">
        {entries.slice(0, count).map((entry) => (
          <TopEntry key={entry.label} entry={entry} activeTo={activeTo} />
        ))}
        {count < entries.length && <MoreMenu entries={entries.slice(count)} activeTo={activeTo} />}
      </Group>
      {/* a box of no size clips the copy, so that it widens nothing around it */}
      <Box aria-hidden inert pos="absolute" top={0} left={0} w={0} h={0} style={{ overflow: 'hidden', visibility: 'hidden' }}>
        <Group ref={measured} gap={GAP} wrap="nowrap" w="max-content">
          {entries.map((entry) => (
            <TopEntry key={entry.label} entry={entry} activeTo={undefined} />
          ))}
          <MoreMenu entries={[]} activeTo={undefined} />
        </Group>
      </Box>
    </Box>
  );
}

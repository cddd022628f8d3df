import type { StacItem } from '@asb/contracts';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tab of an item page and what it shows of the item. */
export interface ItemTab {
  value: string;
  label: string;
  panel(item: StacItem): ReactNode;
}

/** The tabs of an item page (spec 3 §2 Model detail, Dataset detail, Workflow detail), the first one open. */
export function ItemTabs({ item, tabs }: { item: StacItem; tabs: ItemTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel(item)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** Read-only label/value rows, as on the profile and settings cards. */
export function KeyValueList({ rows, labelWidth }: { rows: [string, ReactNode][]; labelWidth: number }) {
  return (
    <DataList withDivider labelWidth={labelWidth}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

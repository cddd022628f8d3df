import type { WorkflowInputGroup, WorkflowInputItem } from '@asb/contracts';
import type { Processor } from '../../workflows/api/execute';

/** Test fixtures: workflow input items and a processor document as GET processors/{id} answers it. */
export function inputItem(identifier: string, dataType: string, overrides: Partial<WorkflowInputItem> = {}): WorkflowInputItem {
  return {
    identifier,
    label: identifier,
    defaultValue: null,
    userVisible: true,
    userEditable: true,
    dataType: { identifier: dataType, label: dataType },
    doc: '',
    description: '',
    constraints: {},
    ...overrides,
  };
}

export const TEST_GROUPS: WorkflowInputGroup[] = [
  {
    node_id: 'n1',
    label: 'Locate',
    items: [
      inputItem('lat', 'latitude', { label: 'Latitude', description: 'North is positive' }),
      inputItem('lon', 'longitude', { label: 'Longitude' }),
      inputItem('band', 'string', { label: 'Band', constraints: { enum: ['a', 'b'], enum_labels: ['Alpha', 'Beta'] } }),
      inputItem('secret_default', 'string', { label: 'Secret default', userVisible: false, defaultValue: 'hidden-value' }),
      inputItem('fixed', 'integer', { label: 'Fixed', userEditable: false, defaultValue: '7' }),
    ],
  },
  {
    node_id: 'n2',
    label: 'Filter',
    items: [inputItem('count', 'integer', { label: 'Count', defaultValue: '3' }), inputItem('period', 'date-range', { label: 'Period' })],
  },
];

export function testProcessor(groups: WorkflowInputGroup[] = TEST_GROUPS, overrides: Partial<Processor['attributes']> = {}): Processor {
  return {
    type: 'processors',
    id: '5',
    attributes: {
      identifier: 'wf-ndvi',
      label: 'NDVI flow',
      ownerId: 'alice',
      version: 2,
      dagType: 'standard',
      isArchived: false,
      inputs: groups,
      changedBy: 'alice',
      changedAt: '2024-03-04T05:06:07Z',
      ...overrides,
    },
  };
}

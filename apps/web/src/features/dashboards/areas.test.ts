import type { ExecutionInputGroup } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { executionAreas } from './areas';

const item = (identifier: string, data_type: string, value: string) => ({
  identifier,
  label: identifier,
  value,
  user_visible: true,
  user_editable: true,
  description: '',
  data_type,
});

describe('executionAreas', () => {
  it('reads bbox inputs and the longitudes and latitudes of a node', () => {
    const inputs: ExecutionInputGroup[] = [
      { node_id: 'search', items: [item('area', 'bbox', '4.3, 51.15, 4.5, 51.3'), item('limit', 'integer', '5')] },
      {
        node_id: 'scene',
        items: [item('west', 'longitude', '4.3'), item('east', 'longitude', '4.5'), item('south', 'latitude', '51.15'), item('north', 'latitude', '51.3')],
      },
      { node_id: 'point', items: [item('lon', 'longitude', '2'), item('lat', 'latitude', '48')] },
    ];
    expect(executionAreas(inputs)).toEqual([
      [4.3, 51.15, 4.5, 51.3],
      [4.3, 51.15, 4.5, 51.3],
      [2, 48, 2, 48],
    ]);
  });

  it('skips what is not a place on Earth', () => {
    const inputs: ExecutionInputGroup[] = [
      { node_id: 'a', items: [item('area', 'bbox', '1,2,3'), item('box', 'bbox', '10,0,5,1'), item('far', 'bbox', '0,0,200,1')] },
      { node_id: 'b', items: [item('lon', 'longitude', '4'), item('lat', 'latitude', '')] },
    ];
    expect(executionAreas(inputs)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { changesToSave, newComponent, placed, type DraftComponent } from './draft';

const saved: DraftComponent[] = [
  { id: '4-1', name: 'information-panel', x: 0, y: 0, w: 12, h: 5, json_properties: { title: 'Hi' } },
  { id: '4-2', name: 'cog-map', x: 0, y: 5, w: 7, h: 20, json_properties: { url: 'a.tif' } },
  { id: '4-3', name: 'description', x: 7, y: 5, w: 5, h: 3, json_properties: {} },
];

describe('dashboard draft', () => {
  it('places a new component at its default size below the others', () => {
    expect(newComponent(saved, 'executions-chart', 1)).toEqual({ id: 'new-1', name: 'executions-chart', x: 0, y: 25, w: 12, h: 10, json_properties: {} });
    expect(newComponent([], 'description', 2)).toMatchObject({ x: 0, y: 0, w: 8, h: 3 });
  });

  it('saves only what changed: removals, then moves and settings, then additions', () => {
    let draft = placed(saved, [{ i: '4-2', x: 5, y: 5, w: 7, h: 18 }]);
    draft = draft
      .filter((component) => component.id !== '4-3')
      .map((component) => (component.id === '4-1' ? { ...component, json_properties: { title: 'Hello' } } : component));
    draft = [...draft, newComponent(draft, 'executions-list', 1)];
    expect(changesToSave(saved, draft)).toEqual([
      { kind: 'remove', id: '4-3' },
      { kind: 'change', id: '4-1', attributes: { json_properties: { title: 'Hello' } } },
      { kind: 'change', id: '4-2', attributes: { x: 5, h: 18 } },
      { kind: 'add', component: { id: 'new-1', name: 'executions-list', x: 0, y: 23, w: 5, h: 12, json_properties: {} } },
    ]);
    expect(changesToSave(saved, saved)).toEqual([]);
  });
});

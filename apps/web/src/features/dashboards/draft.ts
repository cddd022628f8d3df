import { DASHBOARD_COMPONENT_SIZES, DASHBOARD_GRID, type DashboardComponent, type DashboardComponentKind } from '@asb/contracts';

/** A component of the edit mode's draft: a new one has no server id yet (`new-…`). */
export type DraftComponent = DashboardComponent;

const NEW_PREFIX = 'new-';
const isNewComponent = (component: DraftComponent) => component.id.startsWith(NEW_PREFIX);

/** Where a grid item sits, as react-grid-layout reports it. */
export interface Placement {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A new component of `kind` at its default size (spec 3 §9), below everything else. */
export function newComponent(draft: DraftComponent[], kind: DashboardComponentKind, sequence: number): DraftComponent {
  const bottom = draft.reduce((lowest, component) => Math.max(lowest, component.y + component.h), 0);
  const size = DASHBOARD_COMPONENT_SIZES[kind];
  return { id: `${NEW_PREFIX}${sequence}`, name: kind, x: 0, y: bottom, w: Math.min(size.w, DASHBOARD_GRID.cols), h: size.h, json_properties: {} };
}

/** The draft with the grid's placements applied (a drag or a resize). */
export function placed(draft: DraftComponent[], layout: readonly Placement[]): DraftComponent[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return draft.map((component) => {
    const item = byId.get(component.id);
    return item ? { ...component, x: item.x, y: item.y, w: item.w, h: item.h } : component;
  });
}

export type ComponentChange =
  | { kind: 'add'; component: DraftComponent }
  | { kind: 'change'; id: string; attributes: Partial<Omit<DashboardComponent, 'id' | 'name'>> }
  | { kind: 'remove'; id: string };

/**
 * What saving the draft writes (spec 2 §7: each component by its own call): removals first, then
 * changes of the components that moved, were resized or reconfigured, then the new ones.
 */
export function changesToSave(saved: DashboardComponent[], draft: DraftComponent[]): ComponentChange[] {
  const kept = new Set(draft.map((component) => component.id));
  const removals: ComponentChange[] = saved.filter((component) => !kept.has(component.id)).map((component) => ({ kind: 'remove', id: component.id }));
  const changes: ComponentChange[] = [];
  const additions: ComponentChange[] = [];
  for (const component of draft) {
    if (isNewComponent(component)) {
      additions.push({ kind: 'add', component });
      continue;
    }
    const before = saved.find((candidate) => candidate.id === component.id);
    if (!before) continue;
    const attributes: Partial<Omit<DashboardComponent, 'id' | 'name'>> = {};
    for (const key of ['x', 'y', 'w', 'h'] as const) if (before[key] !== component[key]) attributes[key] = component[key];
    if (JSON.stringify(before.json_properties) !== JSON.stringify(component.json_properties)) attributes.json_properties = component.json_properties;
    if (Object.keys(attributes).length > 0) changes.push({ kind: 'change', id: component.id, attributes });
  }
  return [...removals, ...changes, ...additions];
}

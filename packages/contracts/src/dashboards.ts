import { z } from 'zod';

/** Spec 2/3 §9: the dashboard grid. */
export const DASHBOARD_GRID = { cols: 12, rowHeight: 30, margin: [20, 20] as [number, number] } as const;
/** Spec 2 §2: the dashboard /dashboards opens on (a system dashboard every signed-in user sees). */
export const DEFAULT_DASHBOARD = 'home';
/** Spec 2 §8: the discard question of the edit mode. */
export const DISCARD_DASHBOARD_CHANGES = 'Are you sure ? This will discard any changes you made to this dashboard';
export const dashboardCreatedNotice = (name: string) => `Dashboard ${name} successfully created`;

/**
 * The components a dashboard holds (docs/dashboards.md): the spec's information panel,
 * description, GeoTIFF viewer and COG map, and three pictures of the viewer's executions.
 */
export const DASHBOARD_COMPONENT_KINDS = [
  'information-panel',
  'description',
  'geotiff-viewer',
  'cog-map',
  'executions-chart',
  'executions-list',
  'executions-map',
] as const;
export type DashboardComponentKind = (typeof DASHBOARD_COMPONENT_KINDS)[number];

/** Spec 3 §9 default sizes (w x h); the executions components' are ours. */
export const DASHBOARD_COMPONENT_SIZES: Record<DashboardComponentKind, { w: number; h: number }> = {
  'information-panel': { w: 12, h: 5 },
  description: { w: 8, h: 3 },
  'geotiff-viewer': { w: 7, h: 20 },
  'cog-map': { w: 7, h: 20 },
  'executions-chart': { w: 12, h: 10 },
  'executions-list': { w: 5, h: 12 },
  'executions-map': { w: 7, h: 12 },
};

export const DASHBOARD_COMPONENT_TITLES: Record<DashboardComponentKind, string> = {
  'information-panel': 'Information panel',
  description: 'Description',
  'geotiff-viewer': 'GeoTIFF viewer',
  'cog-map': 'COG map',
  'executions-chart': 'Executions chart',
  'executions-list': 'Live executions',
  'executions-map': 'Executions map',
};

/** A component's own settings, at most this many bytes of JSON. */
export const MAX_COMPONENT_PROPERTIES_BYTES = 20_000;
/** A dashboard holds at most this many components. */
export const MAX_DASHBOARD_COMPONENTS = 50;
const MAX_ROWS = 1000;

const jsonProperties = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= MAX_COMPONENT_PROPERTIES_BYTES, 'A component’s settings hold at most 20 KB.');

const position = {
  x: z
    .number()
    .int()
    .min(0)
    .max(DASHBOARD_GRID.cols - 1),
  y: z.number().int().min(0).max(MAX_ROWS),
  w: z.number().int().min(1).max(DASHBOARD_GRID.cols),
  h: z.number().int().min(1).max(200),
};

/** A component as the dashboard answers it (spec 2 §3 Dashboard component). */
export const dashboardComponentSchema = z.object({
  id: z.string(),
  name: z.enum(DASHBOARD_COMPONENT_KINDS),
  ...position,
  json_properties: z.record(z.string(), z.unknown()),
});
export type DashboardComponent = z.infer<typeof dashboardComponentSchema>;

/** Whether a component's columns fit the grid (x + w ≤ 12); a side not given is not checked. */
export const fitsDashboardGrid = (value: { x?: number; w?: number }) =>
  value.x === undefined || value.w === undefined || value.x + value.w <= DASHBOARD_GRID.cols;
export const DASHBOARD_GRID_FIT = `A component must fit in the grid's ${DASHBOARD_GRID.cols} columns (x + w ≤ ${DASHBOARD_GRID.cols}).`;
const FITS = { message: DASHBOARD_GRID_FIT, path: ['w'] };

/** POST dashboard-components (spec 2 §7): the component and where it sits; `relationships.dashboard` names its dashboard. */
export const createDashboardComponentSchema = z
  .object({ name: z.enum(DASHBOARD_COMPONENT_KINDS), ...position, json_properties: jsonProperties.default({}) })
  .refine(fitsDashboardGrid, FITS);
/** PATCH dashboard-components/{id}: a move, a resize or new settings. */
export const updateDashboardComponentSchema = z
  .object({
    x: position.x.optional(),
    y: position.y.optional(),
    w: position.w.optional(),
    h: position.h.optional(),
    json_properties: jsonProperties.optional(),
  })
  .refine(fitsDashboardGrid, FITS);

/** Spec 2 §3 Dashboard (the layout items name their component: `i` is its id). */
export const dashboardAttributesSchema = z.object({
  verboseName: z.string(),
  description: z.string(),
  isEditable: z.boolean(),
  isSystem: z.boolean(),
  isPublic: z.boolean(),
  components: z.array(dashboardComponentSchema),
  layout: z.array(z.object({ i: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number(), component: z.string() })),
});
export type DashboardAttributes = z.infer<typeof dashboardAttributesSchema>;

/** Spec 2 §5: the create form's fields; the slug is derived from the name when not given. */
export const createDashboardSchema = z.object({
  verboseName: z.string().trim().min(1, 'Give the dashboard a name.').max(200, 'A name holds at most 200 characters.'),
  slug: z.string().trim().max(200).optional(),
  description: z.string().max(5000, 'A description holds at most 5000 characters.').default(''),
  isPublic: z.boolean().optional(),
});
export const updateDashboardSchema = z.object({
  verboseName: z.string().trim().min(1, 'Give the dashboard a name.').max(200).optional(),
  description: z.string().max(5000).optional(),
  isPublic: z.boolean().optional(),
  isEditable: z.boolean().optional(),
});

/** One day of the executions chart: how many ended in each status and how long they took. */
export const executionStatisticsSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      counts: z.record(z.string(), z.number()),
      /** mean duration in seconds of the executions that ran (start and end known), or null */
      meanDuration: z.number().nullable(),
    }),
  ),
  total: z.number(),
});
export type ExecutionStatistics = z.infer<typeof executionStatisticsSchema>;
export const EXECUTION_STATISTICS_MAX_DAYS = 366;

import { DASHBOARD_COMPONENT_SIZES, DEFAULT_DASHBOARD, type DashboardComponent, type DashboardComponentKind } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { dashboards } from './dashboards.schema.js';

/** The owner the portal's own dashboards are recorded under. */
const SYSTEM_OWNER = 'system';

/**
 * The home dashboard (spec 2 §2: "The default dashboard name is home"; docs/dashboards.md): a
 * system dashboard every signed-in user sees, each component showing that user's executions.
 * Made once; staff may change it afterwards, and the portal never puts it back.
 */
export async function seedHomeDashboard(db: Db): Promise<void> {
  const [made] = await db
    .insert(dashboards)
    .values({
      identifier: DEFAULT_DASHBOARD,
      slug: DEFAULT_DASHBOARD,
      label: 'Home',
      ownerId: SYSTEM_OWNER,
      description: 'The dashboard every user starts from.',
      isSystem: true,
    })
    .onConflictDoNothing()
    .returning({ id: dashboards.id });
  if (!made) return;
  let y = 0;
  const place = (n: number, name: DashboardComponentKind, x: number, json_properties: Record<string, unknown>, row?: number): DashboardComponent => {
    const size = DASHBOARD_COMPONENT_SIZES[name];
    const component = { id: `${made.id}-${n}`, name, x, y: row ?? y, ...size, json_properties };
    if (row === undefined) y += size.h;
    return component;
  };
  const components = [
    // `activity`: the panel shows, live, what of the reader's is running, what failed lately and what is new on the Marketplace
    place(1, 'information-panel', 0, {
      title: 'Welcome',
      text: 'Your work at a glance, kept up to date as it runs.',
      activity: true,
    }),
    place(2, 'executions-chart', 0, { days: 14 }),
    place(3, 'executions-list', 0, { count: 8 }, y),
    place(4, 'executions-map', 5, {}, y),
  ];
  await db
    .update(dashboards)
    .set({ components, nextComponent: components.length + 1 })
    .where(eq(dashboards.id, made.id));
}

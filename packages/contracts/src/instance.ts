import { z } from 'zod';

/**
 * Theme feature flags. The default enables every menu entry of the spec
 * (docs/configuration.md lists what each one switches on).
 */
export const ALL_THEME_FEATURES = [
  'homepage-asb',
  'navbar-processes',
  'navbar-workflows',
  'navbar-schedules',
  'navbar-executions',
  'navbar-jobs',
  'navbar-mep-collections',
  'navbar-dashboards',
  'navbar-products',
  'navbar-catalogue-collections',
  'navbar-applications',
  'navbar-models',
  'model-executions',
  'workflow-publishing',
  'workflow-page-search-products',
  'execution-report-jobs',
] as const;
export type ThemeFeature = (typeof ALL_THEME_FEATURES)[number] | (string & {});

export const HOMEPAGE_FEATURES = [
  'homepage-asb',
  'homepage-eopen',
  'homepage-aiopen',
  'homepage-eoepca-develop',
  'homepage-eoepca-staging',
  'homepage-eoepca-prod',
] as const;

/**
 * Addresses of the navbar's links out (Development and Help menus), from ASB_*_URL; null = not
 * configured, and the entry is not shown.
 */
export const instanceLinksSchema = z.object({
  workspace_controller: z.string().nullable(),
  notebook: z.string().nullable(),
  model_tracking: z.string().nullable(),
  video_guides: z.string().nullable(),
  project_deliverables: z.string().nullable(),
});
export type InstanceLinks = z.infer<typeof instanceLinksSchema>;

/** Spec 1 §3 Instance. */
export const instanceDetailsSchema = z.object({
  name: z.string(),
  asb_version: z.string(),
  theme: z.string(),
  theme_features: z.array(z.string()),
  oidcProviderName: z.string().nullable(),
  external_datastore_url: z.string().nullable(),
  links: instanceLinksSchema,
  /** ASB_BASEMAP_URL: an XYZ tile URL template the maps draw instead of the shipped base map; null = the shipped one */
  basemap_url: z.string().nullable(),
  user_s3_buckets_enabled: z.boolean(),
  build_timestamp: z.string(),
  base_build_timestamp: z.string(),
});
export type InstanceDetails = z.infer<typeof instanceDetailsSchema>;

export const serviceDetailsSchema = z.object({
  name: z.string(),
  version: z.string(),
  build_timestamp: z.string(),
});
export type ServiceDetails = z.infer<typeof serviceDetailsSchema>;

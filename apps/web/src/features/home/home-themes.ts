import {
  IconActivityHeartbeat,
  IconAlertTriangle,
  IconBrain,
  IconBuildingStore,
  IconCalendarTime,
  IconCpu,
  IconDatabase,
  IconFolders,
  IconHierarchy3,
  IconPackage,
  IconSearch,
  IconServer2,
  IconStack2,
  type TablerIcon,
} from '@tabler/icons-react';
import type { HOMEPAGE_FEATURES } from '@asb/contracts';

export type HomepageFeature = (typeof HOMEPAGE_FEATURES)[number];

export interface Highlight {
  icon: TablerIcon;
  title: string;
  text: string;
}

/** The marketing content of one homepage-* theme feature (spec 1 §1). */
export interface HomeTheme {
  name: string;
  headline: string;
  tagline: string;
  /** shown as a badge on non-production variants */
  environment?: string;
  highlights: Highlight[];
}

const MARKETPLACE: Highlight = {
  icon: IconBuildingStore,
  title: 'Marketplace',
  text: 'Discover applications, models, datasets and workflows published by others and run them with your own inputs in a few clicks.',
};

const ASB: HomeTheme = {
  name: 'ASB',
  headline: 'Build, run and share Earth-observation processing',
  tagline:
    'Package your algorithms as processes, chain them into workflows and run them on satellite data at scale, then follow every execution live, all from one portal.',
  highlights: [
    {
      icon: IconCpu,
      title: 'Processes',
      text: 'Wrap your code as a process: declare its inputs and outputs, upload its files into a bucket and build versioned images with the CPU, memory and GPUs it needs.',
    },
    {
      icon: IconHierarchy3,
      title: 'Workflows',
      text: 'Compose processes into workflows in the visual editor, keep every version and share them with the workspaces you work in.',
    },
    {
      icon: IconActivityHeartbeat,
      title: 'Executions',
      text: 'Run a workflow on demand or on a schedule, watch its tasks progress in real time and read a complete report: task graph, timeline, outputs and map previews.',
    },
    MARKETPLACE,
  ],
};

const EOPEN: HomeTheme = {
  name: 'EOPEN',
  headline: 'Open, interoperable access to Earth-observation and big data',
  tagline:
    'Fuse Copernicus Sentinel imagery with weather data and other open sources to monitor floods, food security and climate change, with processing that runs next to the data.',
  highlights: [
    {
      icon: IconStack2,
      title: 'Data fusion',
      text: 'Combine satellite imagery with weather, in-situ and social-media streams in a single processing chain.',
    },
    {
      icon: IconAlertTriangle,
      title: 'Event detection',
      text: 'Detect and map events such as floods or crop stress from Sentinel-1 and Sentinel-2 time series.',
    },
    {
      icon: IconCalendarTime,
      title: 'Continuous monitoring',
      text: 'Schedule workflows at fixed intervals or when new products arrive, and get the results as soon as they are ready.',
    },
    MARKETPLACE,
  ],
};

const AIOPEN: HomeTheme = {
  name: 'AI-OPEN',
  headline: 'Artificial intelligence for Earth observation, ready to use',
  tagline: 'Find trained models and curated training datasets, run them on the areas and dates you choose, or serve a model as an always-on endpoint.',
  highlights: [
    {
      icon: IconBrain,
      title: 'Models',
      text: 'Browse models with their licences, versions and documentation, and run them on new areas and periods.',
    },
    {
      icon: IconDatabase,
      title: 'Training datasets',
      text: 'Order labelled datasets from the catalogue to train or fine-tune your own models.',
    },
    {
      icon: IconServer2,
      title: 'Models as services',
      text: 'Start a model as a service with its own endpoint and stop it when you are done; usage is recorded for you.',
    },
    {
      icon: IconHierarchy3,
      title: 'Workflows',
      text: 'Chain pre-processing, inference and post-processing steps into reproducible workflows.',
    },
  ],
};

function eoepca(environment?: string): HomeTheme {
  return {
    name: 'EOEPCA',
    headline: 'A common architecture for Earth-observation exploitation platforms',
    tagline: 'Open building blocks to discover data, deploy applications behind OGC API - Processes and run them in your own workspace.',
    environment,
    highlights: [
      {
        icon: IconPackage,
        title: 'Application packages',
        text: 'Deploy CWL application packages and execute them through OGC API - Processes on registered processing services.',
      },
      {
        icon: IconSearch,
        title: 'Resource discovery',
        text: 'Search collections and products in the resource catalogue and use them directly as workflow inputs.',
      },
      {
        icon: IconFolders,
        title: 'Workspaces',
        text: 'Keep processing results and resources in a personal or shared workspace, with roles for viewing, changing and managing.',
      },
      MARKETPLACE,
    ],
  };
}

export const HOME_THEMES: Record<HomepageFeature, HomeTheme> = {
  'homepage-asb': ASB,
  'homepage-eopen': EOPEN,
  'homepage-aiopen': AIOPEN,
  'homepage-eoepca-develop': eoepca('Development environment'),
  'homepage-eoepca-staging': eoepca('Staging environment'),
  'homepage-eoepca-prod': eoepca(),
};

/** The first homepage-* feature of the instance wins; without one the ASB content shows. */
export function homeThemeFor(hasFeature: (feature: string) => boolean): HomeTheme {
  const feature = (Object.keys(HOME_THEMES) as HomepageFeature[]).find((key) => hasFeature(key));
  return feature ? HOME_THEMES[feature] : ASB;
}

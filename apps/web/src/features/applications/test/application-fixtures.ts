import type { Application, ApplicationSummary } from '@asb/contracts';

/** A described water-bodies-like application of alice's collection `alice:apps`. */
export function application(overrides: Partial<Application> = {}): Application {
  return {
    identifier: 'water-bodies',
    collection: 'alice:apps',
    title: 'Water bodies detection',
    abstract: 'Detects water bodies from NDWI and Otsu thresholding.',
    keywords: ['water', 'ndwi'],
    label: 'Water bodies detection',
    doc: '',
    softwareVersion: '1.0.0',
    dateCreated: '2024-03-01',
    releaseNotes: 'https://example.org/releases/1.0.0',
    license: 'https://example.org/licence',
    logo: 'javascript:alert(1)',
    author: [{ 's:name': 'Jane Doe', 's:affiliation': 'Terradue', 's:email': 'jane@example.org' }],
    inputs: [
      {
        id: 'stac_items',
        label: 'Sentinel-2 STAC items',
        doc: 'the scenes',
        default: null,
        type: { type: 'array', items: { type: 'string' } },
        optional: false,
        typeLabel: 'string[]',
      },
      { id: 'epsg', label: 'EPSG code', doc: 'target projection', default: 'EPSG:4326', type: { type: 'string' }, optional: true, typeLabel: 'string?' },
    ],
    outputs: [{ id: 'stac_catalog', label: 'Water bodies', doc: 'a STAC catalog', type: { type: 'Directory' }, typeLabel: 'Directory' }],
    processClass: 'Workflow',
    cwlVersion: 'v1.2',
    hints: ['DockerRequirement'],
    original_cwl: 'cwlVersion: v1.2\n$graph:\n  - class: Workflow # main\n    id: water-bodies\n',
    ownerId: 'alice',
    publication: 'private',
    permissions: { edit: true, delete: true, publish: true, execute: true },
    createdAt: '2024-03-01T10:00:00Z',
    updatedAt: '2024-03-01T10:00:00Z',
    ...overrides,
  };
}

export function summary(overrides: Partial<ApplicationSummary> = {}): ApplicationSummary {
  const { original_cwl, ...rest } = application();
  return { ...rest, hasOriginalCwl: original_cwl !== null, ...overrides };
}

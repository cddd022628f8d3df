// The server's module graph: which part of apps/server/src and packages/contracts may import
// which (docs/architecture.md, "Server layers"). `npm run depcruise` checks every import of
// those folders against the table below, with no exceptions: an import that breaks it fails
// `npm test`.
import fs from 'node:fs';

const SRC = 'apps/server/src';
const MODULES = fs
  .readdirSync(new URL(`./${SRC}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where the parts live, as dependency-cruiser matches them (paths relative to the repository). */
const PARTS = {
  contracts: '^packages/contracts/src/',
  platform: `^${SRC}/platform/`,
  engine: `^${SRC}/engine/`,
  // the parsed configuration (ASB_* variables) that every layer reads
  config: `^${SRC}/config(\\.schema|-sections|-from-env|-process-roles|-build-stamp)?\\.ts$`,
  // the context each module's routes receive from the composition root (a type and its builder)
  'app-context': `^${SRC}/app-context\\.ts$`,
  // any module's tables: the database is one, and a foreign key or a join names another's table
  'module tables': `^${SRC}/modules/.+\\.schema\\.ts$`,
};
const moduleTarget = (target) => `^${SRC}/modules/${escape(target)}${target.endsWith('.ts') ? '$' : '/'}`;

/** What each layer may import besides itself. The composition root (app.ts, main.ts, cli.ts, engine-ports.ts, db-schema.ts) may import anything. */
const LAYERS = {
  contracts: [],
  config: ['contracts'],
  platform: ['contracts', 'config'],
  engine: ['contracts', 'platform', 'config'],
  // every module: the layers below it and the other modules' tables; anything else of another
  // module only through an edge of MODULE_EDGES
  modules: ['contracts', 'platform', 'engine', 'config', 'app-context', 'module tables'],
};
// the accounts, the knowledge store, users' secrets and the terms they accepted stand on the platform alone: they run nothing of the engine
const WITHOUT_ENGINE = ['knowledge', 'secrets', 'terms', 'usermgr'];

/**
 * The imports of one module from another beyond its tables, each with its reason. `to` is a
 * module, or one file of it. These edges run one way (no two modules use each other).
 */
const MODULE_EDGES = [
  {
    from: 'demo',
    to: ['applications', 'catalogue', 'models', 'procimp'],
    reason: 'the demo seeds through the owners of what it seeds, as the composition root would',
  },
  {
    from: 'ogcapi',
    to: ['applications', 'builder', 'catalogue', 'knowledge'],
    reason: 'OGC API – Processes is a second face of workflows, applications and executions: it calls their services',
  },
  {
    from: 'schedules',
    to: ['builder', 'knowledge', 'keystore'],
    reason: 'a schedule fires executions of a workflow version, with inputs sealed by the keystore',
  },
  {
    from: 'builder',
    to: ['knowledge', 'keystore'],
    reason: 'an execution pins a workflow version of the knowledge store and seals its inputs with the keystore',
  },
  {
    from: 'applications',
    to: ['builder/execution-creator.ts', 'builder/execution-tasks.resource.ts'],
    reason: "the builder creates executions of every kind (ExecutionCreator) and serves an application's as an Execution task, which the execute route answers",
  },
  {
    from: 'models',
    to: ['builder/execution-creator.ts', 'builder/execution-tasks.resource.ts'],
    reason: "the builder creates executions of every kind (ExecutionCreator) and serves a model's as an Execution task, which the execute route answers",
  },
  { from: 'applications', to: ['terms'], reason: 'an application runs once its licence is accepted (a -tcs feature on): terms keeps who accepted which' },
  { from: 'models', to: ['terms'], reason: 'a model runs or serves, and a dataset is ordered, once its licence is accepted (aiopen-tcs on)' },
  { from: 'applications', to: ['catalogue'], reason: 'applications are items of the one catalogue store' },
  { from: 'models', to: ['catalogue'], reason: 'models and training datasets are items of the one catalogue store' },
  { from: 'marketplace', to: ['catalogue', 'applications'], reason: 'the marketplace searches the published items of the catalogue and their applications' },
  { from: 'tiles', to: ['catalogue', 'builder'], reason: 'tiles are drawn from catalogue assets and execution outputs: their owners say who may read them' },
  { from: 'dashboards', to: ['builder/executions.resource.ts'], reason: "a dashboard's statistics count the executions a user may read" },
  { from: 'procimp', to: ['knowledge'], reason: 'procimp builds processes of the knowledge store and applies its access rules' },
];

const allowedFor = (names) => names.map((name) => PARTS[name]);
const layerRule = (layer) => ({
  name: `${layer}-imports`,
  comment: `${layer} may import ${LAYERS[layer].join(', ') || 'nothing else of the server'} (.dependency-cruiser.mjs)`,
  severity: 'error',
  from: { path: PARTS[layer] },
  to: { path: `^(${SRC}|packages/contracts/src)/`, pathNot: [PARTS[layer], ...allowedFor(LAYERS[layer])] },
});

// The edges must run one way: a cycle between two modules (or more) fails here, not in a review.
const edgeModules = (edge) => [edge.to].flat().map((target) => target.split('/')[0]);
function assertOneWay(name, trail = []) {
  if (trail.includes(name)) throw new Error(`MODULE_EDGES run in a circle: ${[...trail, name].join(' -> ')}`);
  for (const edge of MODULE_EDGES.filter((e) => e.from === name)) for (const next of edgeModules(edge)) assertOneWay(next, [...trail, name]);
}
MODULES.forEach((name) => assertOneWay(name));

const moduleRules = MODULES.map((name) => {
  const own = `^${SRC}/modules/${name}/`;
  const edges = MODULE_EDGES.filter((edge) => edge.from === name).flatMap((edge) => [edge.to].flat());
  const layers = LAYERS.modules.filter((layer) => !(layer === 'engine' && WITHOUT_ENGINE.includes(name)));
  return {
    name: `module-${name}`,
    comment:
      `modules/${name} may import ${layers.join(', ')}` +
      (edges.length ? `, and of other modules: ${edges.join(', ')}` : '') +
      ' (.dependency-cruiser.mjs, MODULE_EDGES)',
    severity: 'error',
    from: { path: own },
    to: { path: `^(${SRC}|packages/contracts/src)/`, pathNot: [own, ...allowedFor(layers), ...edges.map(moduleTarget)] },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...Object.keys(LAYERS)
      .filter((layer) => layer !== 'modules')
      .map(layerRule),
    ...moduleRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // tests may reach across (an engine test drives a module); the rules are about the product
    exclude: { path: '\\.test\\.ts$' },
    // a type-only import ties two modules as much as a value does
    tsPreCompilationDeps: true,
  },
};

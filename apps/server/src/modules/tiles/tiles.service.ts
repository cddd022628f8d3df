import type { BandStatistics } from '@asb/contracts';
import type { FastifyRequest } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { isAttemptPath } from '../../engine/store/datastore-paths.js';
import { LocalDatastore, type Datastore } from '../../engine/store/datastore.js';
import { detailError, notAuthenticated, notFound } from '../../platform/http/errors.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { executionsResource, type ExecutionRow } from '../builder/executions.resource.js';
import type { CatalogueAssets } from '../catalogue/catalogue-assets.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { OpenedFiles } from './opened-files.js';
import { parseSourceUrl } from './source-url.js';
import type * as TileEngineModule from './tile-engine.js';
import type { Cog, RasterWork } from './tile-engine.js';

type TileEngine = typeof TileEngineModule;

/**
 * Finds and opens the GeoTIFF a tile request names (docs/tiles.md): the `url` must be a file
 * of an execution's datastore, which the caller must be allowed to view, or an asset of a
 * local catalogue item, whose collection the caller (signed out for a public one) must be
 * allowed to read — checked on every request, exactly as the file routes check it — and
 * opened files are kept briefly so that the tiles of one map view parse the headers once.
 * Pixels are decoded, sorted and encoded by its raster worker threads, within the pixel
 * budget of a request (docs/tiles.md "Limits").
 */
export class TileService {
  private readonly executions: ResourceService<ExecutionRow>;
  private readonly files = new OpenedFiles<Cog>();
  private loading: Promise<TileEngine> | undefined;
  private working: Promise<RasterWork & { pool: TileEngineModule.RasterPool }> | undefined;
  /** catalogue assets are files of the data directory, whatever the executions' datastore */
  private readonly catalogueFiles: Datastore = new LocalDatastore();

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: Engine,
    private readonly catalogue?: CatalogueAssets,
  ) {
    this.executions = new ResourceService(executionsResource, ctx);
  }

  /** geotiff.js and friends, loaded on first use. */
  tiles(): Promise<TileEngine> {
    return (this.loading ??= import('./tile-engine.js'));
  }

  /**
   * Runs raster work (`render`) with the worker pool and the pixel budget: a request over the
   * budget at every level it could read is a 413 naming the limit, a block that cannot be
   * decoded a 400.
   */
  async render<T>(render: (tiles: TileEngine, work: RasterWork) => Promise<T>): Promise<T> {
    const tiles = await this.tiles();
    try {
      return await render(tiles, await this.work());
    } catch (error) {
      if (error instanceof tiles.RasterTooLarge) throw detailError(413, error.message);
      if (error instanceof tiles.UndecodableBlock) throw detailError(400, error.message);
      throw error;
    }
  }

  /** Loads the tile engine and starts the raster workers (a listening server does it at start). */
  async start(): Promise<void> {
    await this.work();
  }

  /** Ends the raster worker threads. */
  async close(): Promise<void> {
    const working = this.working;
    this.working = undefined;
    await (await working)?.pool.close();
  }

  private work(): Promise<RasterWork & { pool: TileEngineModule.RasterPool }> {
    return (this.working ??= this.tiles().then((tiles) => ({ pool: new tiles.RasterPool(), pixelBudget: this.ctx.config.rasterPixelBudget })));
  }

  /**
   * The file of `url` for `principal` (null: signed out): 400 for a foreign url; for an
   * execution file 401 signed out, 404/403 for the execution; for a catalogue asset 404 when
   * the collection is invisible to the caller; 404 'No such file.'. Without a request, only a
   * URL path (not an absolute URL) names a file.
   */
  async open(principal: Principal | null, url: string, request?: FastifyRequest): Promise<Cog> {
    const ref = parseSourceUrl(url, request ? this.bases(request) : []);
    if (!('executionId' in ref)) {
      const asset = await this.catalogue?.locate(principal, ref.collectionId, ref.itemId, ref.relative);
      if (!asset) throw notFound('No such file.');
      const key = `catalogue/${encodeURIComponent(asset.collectionId)}/${encodeURIComponent(asset.itemId)}/${asset.relative}`;
      return this.files.get(key, () => this.openFile(this.catalogueFiles, asset.root, asset.relative));
    }
    if (!principal) throw notAuthenticated();
    const { row } = await this.executions.load(principal, ref.executionId);
    if (isAttemptPath(ref.relative)) throw notFound('No such file.');
    const root = row.datastore ?? this.engine.paths.executionDir(row.ownerId, row.identifier);
    return this.files.get(`${row.id}/${ref.relative}`, () => this.openFile(this.engine.datastore, root, ref.relative));
  }

  /**
   * Every band's statistics of a GeoTIFF of an execution, named by its datastore URL path, as
   * `GET /cog/statistics` answers them by default: the comparison of two executions reads them
   * (modules/builder/execution-compare; the composition root hands it this service).
   */
  async statistics(principal: Principal, url: string): Promise<Record<string, BandStatistics>> {
    const cog = await this.open(principal, url);
    const bands = Array.from({ length: cog.bandCount }, (_, index) => index + 1);
    return this.render((tiles, work) => tiles.cogStatistics(cog, bands, work));
  }

  /** The origins (with any path prefix) an absolute `url` may name: this server as reached, and its public URL. */
  private bases(request: FastifyRequest): string[] {
    return [...new Set([publicBaseUrl(this.ctx.config, request), `${request.protocol}://${request.host}`])];
  }

  private async openFile(datastore: Datastore, root: string, relative: string): Promise<Cog> {
    const tiles = await this.tiles();
    try {
      return await tiles.openCog(datastore, root, relative, (await this.work()).pool);
    } catch (error) {
      if (error instanceof tiles.MissingFile) throw notFound('No such file.');
      if (error instanceof tiles.UnreadableFile || error instanceof tiles.UnsupportedCrs) throw detailError(400, error.message);
      throw error;
    }
  }
}

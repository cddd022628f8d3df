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
import { publicBaseUrl } from '../usermgr/oidc.state.js';
import { OpenedFiles } from './opened-files.js';
import { parseSourceUrl } from './source-url.js';
import type * as TileEngineModule from './tile-engine.js';
import type { Cog } from './tile-engine.js';

type TileEngine = typeof TileEngineModule;

/**
 * Finds and opens the GeoTIFF a tile request names (docs/tiles.md): the `url` must be a file
 * of an execution's datastore, which the caller must be allowed to view, or an asset of a
 * local catalogue item, whose collection the caller (signed out for a public one) must be
 * allowed to read — checked on every request, exactly as the file routes check it — and
 * opened files are kept briefly so that the tiles of one map view parse the headers once.
 */
export class TileService {
  private readonly executions: ResourceService<ExecutionRow>;
  private readonly files = new OpenedFiles<Cog>();
  private loading: Promise<TileEngine> | undefined;
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
   * The file of `url` for `principal` (null: signed out): 400 for a foreign url; for an
   * execution file 401 signed out, 404/403 for the execution; for a catalogue asset 404 when
   * the collection is invisible to the caller; 404 'No such file.'.
   */
  async open(principal: Principal | null, url: string, request: FastifyRequest): Promise<Cog> {
    const ref = parseSourceUrl(url, this.bases(request));
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

  /** The origins (with any path prefix) an absolute `url` may name: this server as reached, and its public URL. */
  private bases(request: FastifyRequest): string[] {
    return [...new Set([publicBaseUrl(this.ctx.config, request), `${request.protocol}://${request.host}`])];
  }

  private async openFile(datastore: Datastore, root: string, relative: string): Promise<Cog> {
    const tiles = await this.tiles();
    try {
      return await tiles.openCog(datastore, root, relative);
    } catch (error) {
      if (error instanceof tiles.MissingFile) throw notFound('No such file.');
      if (error instanceof tiles.UnreadableFile || error instanceof tiles.UnsupportedCrs) throw detailError(400, error.message);
      throw error;
    }
  }
}

import type { FastifyRequest } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { executionsResource, type ExecutionRow } from '../builder/executions.resource.js';
import { publicBaseUrl } from '../usermgr/oidc.state.js';
import { OpenedFiles } from './opened-files.js';
import { parseSourceUrl } from './source-url.js';
import type * as TileEngineModule from './tile-engine.js';
import type { Cog } from './tile-engine.js';

type TileEngine = typeof TileEngineModule;

/**
 * Finds and opens the GeoTIFF a tile request names (docs/tiles.md): the `url` must be a file
 * of an execution's datastore, the caller must be allowed to view that execution (checked
 * on every request, exactly as the execution's file route checks it), and opened files are
 * kept briefly so that the tiles of one map view parse the headers once.
 */
export class TileService {
  private readonly executions: ResourceService<ExecutionRow>;
  private readonly files = new OpenedFiles<Cog>();
  private loading: Promise<TileEngine> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: Engine,
  ) {
    this.executions = new ResourceService(executionsResource, ctx);
  }

  /** geotiff.js and friends, loaded on first use. */
  tiles(): Promise<TileEngine> {
    return (this.loading ??= import('./tile-engine.js'));
  }

  /** The file of `url` for `principal`: 400 for a foreign url, 404/403 for the execution, 404 'No such file.'. */
  async open(principal: Principal, url: string, request: FastifyRequest): Promise<Cog> {
    const ref = parseSourceUrl(url, this.bases(request));
    const { row } = await this.executions.load(principal, ref.executionId);
    const root = row.datastore ?? this.engine.paths.executionDir(row.ownerId, row.identifier);
    return this.files.get(`${row.id}/${ref.relative}`, () => this.openFile(root, ref.relative));
  }

  /** The origins (with any path prefix) an absolute `url` may name: this server as reached, and its public URL. */
  private bases(request: FastifyRequest): string[] {
    return [...new Set([publicBaseUrl(this.ctx.config, request), `${request.protocol}://${request.host}`])];
  }

  private async openFile(root: string, relative: string): Promise<Cog> {
    const tiles = await this.tiles();
    try {
      return await tiles.openCog(this.engine.datastore, root, relative);
    } catch (error) {
      if (error instanceof tiles.MissingFile) throw notFound('No such file.');
      if (error instanceof tiles.UnreadableFile || error instanceof tiles.UnsupportedCrs) throw detailError(400, error.message);
      throw error;
    }
  }
}

import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../config.js';
import type { CatalogueStore } from './catalogue-store.js';
import { formatIngestReport, ingestStac } from './ingest.js';
import { INGEST_USAGE } from './ingest-usage.js';

/** What the command needs of the app it opens: the users (the owner) and the outbound guard. */
interface IngestApp {
  ctx: Pick<AppContext, 'users' | 'outbound'>;
  close(): Promise<void>;
}

export interface IngestCommandOptions {
  owner?: string;
  public: boolean;
  collection?: string;
  skipInvalid: boolean;
}

/**
 * `asb catalogue ingest` on the server's database (docs/catalogue.md "Ingest"). The exit
 * code is 0 when every document was valid and written, 1 when some were not (the report
 * says which and why), 2 for a usage error.
 */
export async function runIngestCommand(
  config: AppConfig,
  source: string | undefined,
  options: IngestCommandOptions,
  open: (config: AppConfig) => Promise<{ app: IngestApp; store: CatalogueStore }>,
): Promise<number> {
  if (!source) {
    console.error(INGEST_USAGE);
    return 2;
  }
  const { app, store } = await open(config);
  try {
    const ownerName = options.owner ?? config.adminUsername ?? 'admin';
    const owner = await app.ctx.users.findByUsername(ownerName);
    if (!owner) {
      console.error(`--owner: there is no user ${ownerName}${options.owner ? '' : ' (the administrator; name the owner with --owner)'}`);
      return 2;
    }
    const report = await ingestStac(
      source,
      { store, outbound: app.ctx.outbound },
      { ownerId: owner.id, isPublic: options.public, collection: options.collection, skipInvalid: options.skipInvalid },
    );
    console.log(formatIngestReport(report));
    return report.invalid.length === 0 && report.skipped.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`Could not ingest ${source}: ${(error as Error).message}`);
    return 1;
  } finally {
    await app.close();
  }
}

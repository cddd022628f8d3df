import { asc, eq } from 'drizzle-orm';
import { deriveSlug, LOCAL_TARGET, type AdesInstance } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import type { AdesDirectory, AdesEndpoint } from '../../engine/runtime/ades-directory.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { AdesProbeError, normaliseAdesUrl, probeAdes, type AdesDescription } from './ades-probe.js';
import { adesInstances, type AdesRow } from './ades.schema.js';

/** What the keystore seals an ADES's token for: it opens only as this ADES's token. */
const tokenBinding = (identifier: string) => `ades-token:${identifier}`;

/** The answer of one ADES, as staff read it (the token never leaves: only whether there is one). */
export function adesInstanceOf(row: AdesRow): AdesInstance {
  return {
    identifier: row.identifier,
    title: row.title,
    url: row.url,
    abstract: row.abstract,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    reachable: row.reachable,
    conformsTo: row.conformsTo,
    hasToken: row.tokenSealed !== null,
    problem: row.problem,
  };
}

type Checked = Pick<AdesRow, 'title' | 'abstract' | 'conformsTo' | 'reachable' | 'problem' | 'checkedAt'>;

const checked = (description: AdesDescription): Checked => ({ ...description, reachable: true, problem: null, checkedAt: new Date() });

/**
 * The ADES registry (docs/ades.md): staff register OGC API – Processes servers by their
 * landing page URL; the engine finds them (with their token) through `find`, the port
 * AdesDirectory of the OGC runtime.
 */
export class AdesRegistry implements AdesDirectory {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'keystore' | 'outbound'>) {}

  list(): Promise<AdesRow[]> {
    return this.ctx.db.select().from(adesInstances).orderBy(asc(adesInstances.title), asc(adesInstances.identifier));
  }

  private async row(identifier: string): Promise<AdesRow> {
    const [row] = await this.ctx.db.select().from(adesInstances).where(eq(adesInstances.identifier, identifier));
    if (!row) throw notFound(`No ADES ${identifier} is registered.`);
    return row;
  }

  /** The clear token of an ADES, if it has one (for the outbound requests only). */
  private async tokenOf(row: AdesRow): Promise<string | undefined> {
    if (row.tokenSealed === null) return undefined;
    const token = await this.ctx.keystore.open(row.tokenSealed, tokenBinding(row.identifier));
    // a token that no longer opens (the keystore's key replaced) is as good as none: the ADES will say 401
    return token;
  }

  /**
   * Registers the ADES of `adesUrl` once its landing page and conformance say it is an OGC API
   * – Processes server: 400 with the reason otherwise, 409 when the URL is registered already.
   */
  async register(adesUrl: string, token: string | undefined): Promise<AdesRow> {
    const url = this.checkedUrl(adesUrl);
    const [existing] = await this.ctx.db.select({ identifier: adesInstances.identifier }).from(adesInstances).where(eq(adesInstances.url, url));
    if (existing) throw detailError(409, `${url} is registered already, as ${existing.identifier}.`);
    const description = await this.probe(url, token || undefined);
    const identifier = await this.freeIdentifier(deriveSlug(description.title) || 'ades');
    const tokenSealed = token ? await this.ctx.keystore.seal(token, tokenBinding(identifier)) : null;
    const [row] = await this.ctx.db
      .insert(adesInstances)
      .values({ identifier, url, tokenSealed, ...checked(description) })
      .onConflictDoNothing()
      .returning();
    // two registrations of one URL at once: the second finds the first's row
    if (!row) throw detailError(409, `${url} is registered already.`);
    return row;
  }

  async unregister(identifier: string): Promise<AdesRow> {
    const [row] = await this.ctx.db.delete(adesInstances).where(eq(adesInstances.identifier, identifier)).returning();
    if (!row) throw notFound(`No ADES ${identifier} is registered.`);
    return row;
  }

  /** Reads the landing page and conformance again; a failure is recorded (unreachable, with its reason), not thrown. */
  async refresh(identifier: string): Promise<AdesRow> {
    const row = await this.row(identifier);
    let update: Partial<Checked>;
    try {
      update = checked(await probeAdes(this.ctx.outbound, row.url, await this.tokenOf(row)));
    } catch (error) {
      if (!(error instanceof AdesProbeError)) throw error;
      update = { reachable: false, problem: error.message, checkedAt: new Date() };
    }
    const [updated] = await this.ctx.db.update(adesInstances).set(update).where(eq(adesInstances.id, row.id)).returning();
    if (!updated) throw notFound(`No ADES ${identifier} is registered.`);
    return updated;
  }

  /** AdesDirectory: the ADES of `identifier` with its clear token, for the OGC runtime. */
  async find(identifier: string): Promise<AdesEndpoint | undefined> {
    const [row] = await this.ctx.db.select().from(adesInstances).where(eq(adesInstances.identifier, identifier));
    if (!row) return undefined;
    return { identifier: row.identifier, url: row.url, token: await this.tokenOf(row) };
  }

  private checkedUrl(adesUrl: string): string {
    try {
      return normaliseAdesUrl(adesUrl);
    } catch (error) {
      if (error instanceof AdesProbeError) throw detailError(400, error.message);
      throw error;
    }
  }

  private async probe(url: string, token: string | undefined): Promise<AdesDescription> {
    try {
      return await probeAdes(this.ctx.outbound, url, token);
    } catch (error) {
      if (error instanceof AdesProbeError) throw detailError(400, error.message);
      throw error;
    }
  }

  /** `slug`, or `slug-2`, `slug-3`… when taken; never the local target's value. */
  private async freeIdentifier(slug: string): Promise<string> {
    const taken = new Set((await this.ctx.db.select({ identifier: adesInstances.identifier }).from(adesInstances)).map((row) => row.identifier));
    taken.add(LOCAL_TARGET.value);
    if (!taken.has(slug)) return slug;
    for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
  }
}

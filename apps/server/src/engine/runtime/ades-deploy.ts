import { OutboundFetchError, type OutboundRequest } from '../../platform/outbound/outbound-fetch.js';
import { isRecord, messageOf, RemoteFailure, type AdesClient } from './ades-client.js';

/** The media type of Part 2's CWL application package. */
const CWL_MEDIA_TYPE = 'application/cwl+yaml';
/** deploy rounds (GET 404, then POST 409: deployed meanwhile) before the task fails */
const MAX_DEPLOY_ROUNDS = 3;
/**
 * A deploy or replace waits this long for its answer, not the outbound default (15 s): an ADES
 * validates the package first (the portal as an ADES runs cwltool: 6–15 s on a busy machine).
 */
export const DEPLOY_TIMEOUT_MS = 120_000;

/**
 * A deploy or replace request, sent again once when it timed out or the connection failed: the
 * second answer decides (a POST that went through the first time answers 409, which the
 * caller handles as "deployed meanwhile").
 */
async function sendPackage(client: AdesClient, url: string, request: OutboundRequest, log: (line: string) => void) {
  const send = () => client.json(url, { ...request, timeoutMs: DEPLOY_TIMEOUT_MS });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof OutboundFetchError) || error.isRefusedAddress) throw error;
    log(`${error.message}: sending the package once more`);
    return send();
  }
}

/**
 * Puts the pinned package on the ADES and answers the process description. Decision
 * (docs/decisions.md): when the ADES has the process, its package (`GET
 * /processes/{id}/package`) is compared with ours; when it is the same nothing is sent,
 * otherwise (different, or the ADES does not show packages) it is replaced with `PUT`. A
 * replace the ADES refuses (not the deployer's process, no Part 2) is logged and the
 * process it has runs.
 */
export async function deployProcess(
  client: AdesClient,
  processId: string,
  cwl: string,
  log: (line: string) => void,
  round = 1,
): Promise<Record<string, unknown> | undefined> {
  const existing = await client.json(client.processUrl(processId));
  if (existing.status === 200) {
    const packaged = await client.request(client.processUrl(processId, '/package'), { headers: { accept: `${CWL_MEDIA_TYPE}, application/json;q=0.5` } });
    const text = packaged.ok ? await client.text(packaged) : (await packaged.body?.cancel(), undefined);
    if (text !== undefined && text.trim() === cwl.trim()) {
      log(`the ADES has this package of ${processId} already`);
      return isRecord(existing.body) ? existing.body : undefined;
    }
    const replaced = await sendPackage(client, client.processUrl(processId), { method: 'PUT', headers: { 'content-type': CWL_MEDIA_TYPE }, body: cwl }, log);
    if (replaced.status >= 200 && replaced.status < 300) log(`replaced ${processId} on the ADES with the pinned package`);
    else log(`the ADES refused to replace ${processId} (HTTP ${replaced.status}${messageOf(replaced.body)}): running the process it has`);
  } else if (existing.status === 404) {
    const deployed = await sendPackage(client, client.url('processes'), { method: 'POST', headers: { 'content-type': CWL_MEDIA_TYPE }, body: cwl }, log);
    if (deployed.status === 409) {
      // deployed meanwhile (another task): replace it as above; an ADES that keeps answering 404 then 409 is given up on
      if (round >= MAX_DEPLOY_ROUNDS)
        throw new RemoteFailure(`The ADES could not deploy ${processId}: it answers that the process does not exist (404) and that it exists (409).`);
      return deployProcess(client, processId, cwl, log, round + 1);
    }
    if (deployed.status < 200 || deployed.status >= 300)
      throw new RemoteFailure(`The ADES refused to deploy ${processId}: HTTP ${deployed.status}${messageOf(deployed.body)}.`);
    log(`deployed ${processId} on the ADES`);
  } else {
    throw new RemoteFailure(`The ADES answered HTTP ${existing.status} for the process ${processId}${messageOf(existing.body)}.`);
  }
  const described = await client.json(client.processUrl(processId));
  return isRecord(described.body) ? described.body : undefined;
}

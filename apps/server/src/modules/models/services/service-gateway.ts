import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASSED_HEADERS } from './passed-headers.js';
import { SERVICE_TOKEN_HEADER, sameToken, serviceToken } from './service-token.js';

const PATH = /^\/maas\/(\d{1,10})(\/v2\/[^?]*)$/;

/** A service this node runs, as the gateway reaches it. */
export interface LocalService {
  generation: number;
  socketPath: string;
}

/** Marks the gateway's own refusals, which the proxy does not pass on as the service's answers. */
export const GATEWAY_REFUSAL_HEADER = 'x-asb-gateway-refusal';

function refuse(response: http.ServerResponse, status: number, error: string): void {
  response.writeHead(status, { 'content-type': 'application/json', [GATEWAY_REFUSAL_HEADER]: '1' }).end(JSON.stringify({ error }));
}

/**
 * The door of a node's model services for the other replicas (docs/models.md "Across replicas"):
 * `/maas/{id}/v2/...` with the claim's token goes to the service's Unix socket, the body and the
 * protocol's headers streamed both ways. Users never call it: the replica they called checked
 * who they are and which service is theirs.
 */
export class ServiceGateway {
  private readonly server: http.Server;

  constructor(
    private readonly secret: string,
    private readonly lookup: (id: number) => LocalService | undefined,
  ) {
    this.server = http.createServer((request, response) => this.forward(request, response));
  }

  /** Listens on host:port (port 0: any free one); answers the port. */
  async listen(hostPort: string): Promise<number> {
    const at = hostPort.lastIndexOf(':');
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      // exclusive: HTTP processes of one machine (node:cluster) must not share one gateway port
      this.server.listen({ host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)), exclusive: true }, () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const match = PATH.exec(request.url ?? '');
    const service = match ? this.lookup(Number(match[1])) : undefined;
    if (!match || !service) return refuse(response, 404, 'No such model service runs here.');
    const token = request.headers[SERVICE_TOKEN_HEADER];
    if (!sameToken(typeof token === 'string' ? token : undefined, serviceToken(this.secret, Number(match[1]), service.generation)))
      return refuse(response, 401, 'The service token is not this service’s.');
    const headers: Record<string, string> = {};
    for (const name of [...PASSED_HEADERS, 'content-length']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = http.request({ socketPath: service.socketPath, path: match[2], method: request.method, headers }, (answer) => {
      const passed: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = answer.headers[name];
        if (typeof value === 'string') passed[name] = value;
      }
      response.writeHead(answer.statusCode ?? 502, passed);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) refuse(response, 502, 'The model service does not answer.');
      else response.destroy();
    });
    request.pipe(upstream);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

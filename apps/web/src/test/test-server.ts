/**
 * A real local HTTP server for tests (ARCHITECTURE §2: no mocked HTTP for our own API). Records every request and
 * answers through the test's handler; answers CORS so that happy-dom's fetch (origin http://localhost:3000) may call it.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/clients/search?name=a`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export type TestHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/** Sends a JSON answer with a status and content type (default application/ld+json). */
export function sendJson(response: ServerResponse, status: number, body: unknown, type = 'application/ld+json'): void {
  if (status === 204) {
    response.writeHead(204).end();
    return;
  }
  response.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body));
}

/** Sends a problem+json error as the API does (ARCHITECTURE §4). */
export function sendProblem(response: ServerResponse, status: number, error: string, violations: unknown[] = []): void {
  sendJson(
    response,
    status,
    { '@type': 'hydra:Error', title: error, detail: `detail of ${error}`, status, error, violations },
    'application/problem+json',
  );
}

/** Starts a server on a free port of 127.0.0.1. */
export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        res.writeHead(599).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

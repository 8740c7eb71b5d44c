// A real OpenAI-compatible chat-completions server on loopback, for the LLM paths: it answers
// like a model would (valid structured output), or with an invalid answer, or too slowly.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LlmMode = 'valid' | 'invalid-json' | 'invalid-shape' | 'slow' | 'error';

export interface RecordedCall {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: {
      type?: string;
      json_schema?: { name?: string; strict?: boolean; schema?: unknown };
    };
  };
}

export class LlmTestServer {
  mode: LlmMode = 'valid';
  slowMs = 3_000;
  readonly calls: RecordedCall[] = [];
  private readonly sockets = new Set<import('node:net').Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<LlmTestServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const instance = new LlmTestServer(server, (server.address() as AddressInfo).port);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => instance.handle(req, res));
    server.on('connection', (socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    return instance;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(
        Buffer.concat(chunks).toString('utf8') || '{}',
      ) as RecordedCall['body'];
      this.calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"message":"not found"}}');
        return;
      }
      const reply = (): void => this.reply(res, body);
      if (this.mode === 'slow') setTimeout(reply, this.slowMs).unref();
      else reply();
    });
  }

  private reply(res: ServerResponse, body: RecordedCall['body']): void {
    if (res.destroyed) return;
    if (this.mode === 'error') {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"model overloaded","type":"server_error"}}');
      return;
    }
    const schemaName = body.response_format?.json_schema?.name;
    const user = body.messages?.find((message) => message.role === 'user')?.content ?? '';
    let content: string;
    if (this.mode === 'invalid-json') content = 'Sure! Here is my analysis: the site is great.';
    else if (this.mode === 'invalid-shape')
      content = JSON.stringify({ reasoning: 'Too short.', strengths: 'not a list' });
    else if (schemaName === 'frenly_reframe') content = JSON.stringify(reframeAnswer(user));
    else content = JSON.stringify(insightsAnswer(user));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model ?? 'test-model',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      }),
    );
  }
}

/** What a model would write from the evidence digest it was sent. */
function insightsAnswer(user: string): {
  reasoning: string;
  strengths: string[];
  improvements: string[];
} {
  const digest = JSON.parse(user.slice(user.indexOf('\n') + 1)) as {
    site: string;
    frenlinessScore: number;
    trackers: string[];
    heuristicImprovements: string[];
  };
  return {
    reasoning: `LLM-WRITTEN: ${digest.site} earns ${digest.frenlinessScore}/100 for Frenliness. It loads ${digest.trackers.length} tracking organisations. The evidence shows where it can improve.`,
    strengths: ['LLM strength: readable pages'],
    improvements: digest.heuristicImprovements.slice(0, 2).map((text) => `LLM: ${text}`),
  };
}

function reframeAnswer(user: string): { reframedContent: string; actionableAdvice: string } {
  const content = /^Content: (.*)$/m.exec(user)?.[1] ?? '';
  return {
    reframedContent: `LLM-REFRAMED: ${content}`,
    actionableAdvice: 'LLM advice: keep it honest.',
  };
}

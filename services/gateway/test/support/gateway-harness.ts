import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Controller,
  Get,
  Headers,
  Module,
  Post,
  UseGuards,
  type DynamicModule,
} from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { commonVars, loadConfig } from '@frenly/config';
import type { Database } from '@frenly/db';
import { InProcessEventBus } from '@frenly/events';
import {
  CurrentIdentity,
  IDENTITY_HEADER,
  IDENTITY_TOKENS,
  IdentityTokens,
  JsonLogger,
  SignedInGuard,
  createServiceApp,
  type Identity,
} from '@frenly/platform';
import { identityVars } from '../../src/config/gateway.config.js';
import { identitySettingsFrom, type IdentitySettings } from '../../src/config/identity-settings.js';
import { installGatewayEdge } from '../../src/edge/install-gateway-edge.js';
import { GatewayModule } from '../../src/gateway.module.js';
import type { GatewayEdgeOptions } from '../../src/gateway.options.js';
import { installGatewayProxy, type DownstreamUrls } from '../../src/routing/gateway-proxy.js';
import { SessionService } from '../../src/sessions/session.service.js';
import { UserRepository } from '../../src/users/user.repository.js';
import { freePort } from '../spawned-process.js';

export const TEST_SECRET = 'test-identity-secret-of-at-least-32-bytes!';

export interface GatewayUnderTest {
  readonly url: string;
  readonly app: NestExpressApplication;
  readonly identity: IdentitySettings;
  readonly tokens: IdentityTokens;
  close(): Promise<void>;
}

export interface GatewayUnderTestOptions {
  readonly db: Database;
  /** Identity variables (FRENLY_AUTH_PROVIDERS…) as they would be in the environment. */
  readonly env?: Record<string, string>;
  readonly ledgerUrl: string;
  readonly clock?: () => Date;
  /** Forward the downstream routes (distributed mode) to these. */
  readonly downstream?: DownstreamUrls;
  /** In-process service routes (embedded mode): a guarded stand-in is always mounted. */
  readonly mode?: 'embedded' | 'distributed';
  /** Listen here (when a provider must know the callback URL in advance). */
  readonly port?: number;
  /** Rate limits and body size; default: the defaults, counted in memory. */
  readonly edge?: GatewayEdgeOptions;
  /** The gateway's log (default: silent). */
  readonly logger?: JsonLogger;
}

/** The gateway in this process, as its runtime would compose it, on a free loopback port. */
export async function startGateway(options: GatewayUnderTestOptions): Promise<GatewayUnderTest> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = { NODE_ENV: 'test', ...options.env };
  const config = loadConfig({ NODE_ENV: commonVars.NODE_ENV, ...identityVars }, env);
  const identity = identitySettingsFrom(config, { internalUrl: url }, env);
  const tokens = new IdentityTokens(TEST_SECRET);
  const logger = options.logger ?? new JsonLogger({ service: 'gateway', level: 'silent' });
  const app = await createServiceApp({
    service: 'gateway',
    logger,
    modules: [
      GatewayModule.forRoot({
        db: options.db,
        bus: new InProcessEventBus(),
        identityTokens: tokens,
        mode: options.mode ?? 'distributed',
        version: '0.0.0-test',
        identity,
        ledgerUrl: options.ledgerUrl,
        clock: options.clock,
        edge: options.edge,
      }),
      GuardedStandInModule.forRoot(tokens),
    ],
    configure: async (nest) => {
      const downstream = options.downstream;
      await installGatewayEdge(nest, {
        forward: downstream
          ? ({ maxBodyBytes, guardUpgrade }) =>
              installGatewayProxy(nest, downstream, logger, { guardUpgrade, maxBodyBytes })
          : undefined,
      });
    },
  });
  await app.listen(port, '127.0.0.1');
  return { url, app, identity, tokens, close: () => app.close() };
}

/** A service route behind SignedInGuard, mounted in-process like the embedded runtime's services. */
@Controller('api/stand-in')
class GuardedStandInController {
  @Get('whoami')
  @UseGuards(SignedInGuard)
  whoami(@CurrentIdentity() identity: Identity): Identity {
    return identity;
  }

  @Post('act')
  @UseGuards(SignedInGuard)
  act(@CurrentIdentity() identity: Identity): { acted: string } {
    return { acted: identity.userId };
  }

  /** Unguarded: tells whether any identity header reached the service. */
  @Get('header')
  header(@Headers(IDENTITY_HEADER) header: string | undefined): { identityHeader: string | null } {
    return { identityHeader: header ?? null };
  }
}

@Module({})
class GuardedStandInModule {
  static forRoot(tokens: IdentityTokens): DynamicModule {
    return {
      module: GuardedStandInModule,
      controllers: [GuardedStandInController],
      providers: [{ provide: IDENTITY_TOKENS, useValue: tokens }, SignedInGuard],
    };
  }
}

export interface SeenByLedger {
  readonly identity: Identity | null;
  readonly rawHeader: string | undefined;
  readonly cookie: string | undefined;
}

/**
 * A stand-in for the ledger service's `GET /api/ledger/balance`: it verifies the identity
 * header like SignedInGuard (401 without it) and answers the balance it is told.
 */
export function ledgerStandIn(
  tokens: IdentityTokens,
  balanceOf: (userId: string) => number,
  seen: SeenByLedger[],
): Server {
  return createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const rawHeader = req.headers[IDENTITY_HEADER] as string | undefined;
    const identity = tokens.verify(rawHeader);
    seen.push({ identity, rawHeader, cookie: req.headers.cookie });
    if (req.url !== '/api/ledger/balance') return void res.writeHead(404).end();
    if (!identity)
      return void res
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end('{"statusCode":401}');
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ bambooBalance: balanceOf(identity.userId) }));
  });
}

export function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A signed-in session made directly (tests about what a session may do, not how it is made). */
export async function sessionCookieFor(
  gateway: GatewayUnderTest,
  person: { subject: string; firstName: string; lastName?: string; email?: string },
): Promise<{ cookie: string; userId: string }> {
  const user = await gateway.app.get(UserRepository).upsertFromProvider(
    'dev',
    person.subject,
    {
      firstName: person.firstName,
      lastName: person.lastName ?? null,
      email: person.email ?? null,
      profileImageUrl: null,
    },
    new Date(),
  );
  const session = await gateway.app.get(SessionService).start(user.id, 'dev', null);
  return { cookie: `frenly_session=${session.token}`, userId: user.id };
}

import { Module, type DynamicModule } from '@nestjs/common';
import { DATABASE, EVENT_BUS, IDENTITY_TOKENS, SignedInGuard } from '@frenly/platform';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { ApiDocsController } from './docs/api-docs.controller.js';
import { ApiDocsFiles } from './docs/api-docs.files.js';
import { LoginFlowRepository } from './auth/login-flow.repository.js';
import { SignInProviders } from './auth/providers/sign-in-providers.js';
import { GATEWAY_CLOCK, GATEWAY_OPTIONS, type GatewayOptions } from './gateway.options.js';
import { InstallationRepository } from './meta/installation.repository.js';
import { MetaController } from './meta/meta.controller.js';
import { MetaService } from './meta/meta.service.js';
import { PushController } from './push/push.controller.js';
import { PushSubscriptionRepository } from './push/push.repository.js';
import { PushService } from './push/push.service.js';
import { SessionRepository } from './sessions/session.repository.js';
import { SessionSockets } from './sessions/session-sockets.js';
import { SessionService } from './sessions/session.service.js';
import { LedgerBalanceClient } from './users/ledger-balance.client.js';
import { UserController } from './users/user.controller.js';
import { UserRepository } from './users/user.repository.js';
import { UserService } from './users/user.service.js';

/**
 * The gateway's own routes: sign-in and sessions, the current user, push subscriptions,
 * /api/meta and the API documents (/api/docs). Its edge (cross-site check, identity
 * propagation, the development identity provider) is Express middleware that the runtime
 * installs with installGatewayEdge; forwarding to the other services is installed by the
 * distributed gateway only (installGatewayProxy).
 */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [
        MetaController,
        AuthController,
        UserController,
        PushController,
        ApiDocsController,
      ],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        { provide: GATEWAY_CLOCK, useValue: options.clock ?? (() => new Date()) },
        { provide: DATABASE, useValue: options.db },
        { provide: EVENT_BUS, useValue: options.bus },
        { provide: IDENTITY_TOKENS, useValue: options.identityTokens },
        SignedInGuard,
        InstallationRepository,
        MetaService,
        SignInProviders,
        LoginFlowRepository,
        AuthService,
        SessionRepository,
        SessionService,
        SessionSockets,
        UserRepository,
        LedgerBalanceClient,
        UserService,
        PushSubscriptionRepository,
        PushService,
        ApiDocsFiles,
      ],
    };
  }
}

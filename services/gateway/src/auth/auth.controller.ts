import {
  BadRequestException,
  Controller,
  Get,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { AuthProviderDto } from '@frenly/contracts';
import {
  appOriginFor,
  isHttpsRequest,
  type HttpRequest,
  type HttpResponse,
} from '@frenly/platform';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options.js';
import { expiredCookie, readCookie, serializeCookie } from '../sessions/cookies.js';
import { SESSION_COOKIE } from '../sessions/session.service.js';
import { AuthService, LOGIN_FLOW_SECONDS } from './auth.service.js';
import { isSameSiteNavigation } from './same-site-navigation.js';
import { sendSignOutPage } from './sign-out-page.js';

/** Binds a sign-in in progress to the browser that started it (holds the OAuth `state`). */
export const LOGIN_COOKIE = 'frenly_login_state';
const LOGIN_COOKIE_PATH = '/auth';

/**
 * Browser navigations: sign-in (`/api/login`, `/auth/{provider}`, the callback) and sign-out
 * (`/api/logout`, `/auth/logout`, GET or POST). They answer with redirects and cookies; a GET
 * sign-out from another site answers with a confirmation page instead.
 */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  /** One entry per configured provider, for the landing page's buttons. */
  @Get('api/auth/providers')
  providers(): AuthProviderDto[] {
    return this.auth.listProviders();
  }

  @Get('api/login')
  loginWithDefault(
    @Query('returnTo') returnTo: unknown,
    @Req() req: HttpRequest,
    @Res() res: HttpResponse,
  ): Promise<void> {
    return this.startLogin(undefined, returnTo, req, res);
  }

  /**
   * A link signs out only when this site (or the user, typing the address) started the
   * navigation; another site's link gets a page whose button POSTs the sign-out from here.
   */
  @Get(['api/logout', 'auth/logout'])
  async logoutByLink(@Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    if (isSameSiteNavigation(req, this.options.identity)) return this.logout(req, res);
    const path = new URL(req.originalUrl ?? req.url ?? '/', 'http://logout.invalid').pathname;
    sendSignOutPage(res, path.startsWith('/auth/') ? '/auth/logout' : '/api/logout');
  }

  @Post(['api/logout', 'auth/logout'])
  logoutByForm(@Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    return this.logout(req, res);
  }

  @Get('auth/:provider')
  login(
    @Param('provider') provider: string,
    @Query('returnTo') returnTo: unknown,
    @Req() req: HttpRequest,
    @Res() res: HttpResponse,
  ): Promise<void> {
    return this.startLogin(provider, returnTo, req, res);
  }

  @Get('auth/:provider/callback')
  async callback(
    @Param('provider') provider: string,
    @Req() req: HttpRequest,
    @Res() res: HttpResponse,
  ): Promise<void> {
    const secure = this.secure(req);
    // The state is single-use whatever happens next.
    res.setHeader('Set-Cookie', expiredCookie(LOGIN_COOKIE, LOGIN_COOKIE_PATH, secure));
    const query = new URL(req.originalUrl ?? req.url ?? '/', 'http://callback.invalid')
      .searchParams;
    const finished = await this.auth.finishLogin(
      provider,
      query,
      readCookie(req.headers.cookie, LOGIN_COOKIE),
      readCookie(req.headers.cookie, SESSION_COOKIE),
    );
    res.setHeader('Set-Cookie', [
      expiredCookie(LOGIN_COOKIE, LOGIN_COOKIE_PATH, secure),
      serializeCookie(SESSION_COOKIE, finished.session.token, {
        maxAgeSeconds: finished.session.maxAgeSeconds,
        path: '/',
        secure,
      }),
    ]);
    redirect(res, finished.returnTo);
  }

  private async startLogin(
    provider: string | undefined,
    returnTo: unknown,
    req: HttpRequest,
    res: HttpResponse,
  ): Promise<void> {
    const origin = appOriginFor(req, this.options.identity);
    if (!origin) throw new BadRequestException('The request has no usable Host header');
    const started = await this.auth.startLogin(provider, returnTo, origin);
    res.setHeader(
      'Set-Cookie',
      serializeCookie(LOGIN_COOKIE, started.state, {
        maxAgeSeconds: LOGIN_FLOW_SECONDS,
        path: LOGIN_COOKIE_PATH,
        secure: this.secure(req),
      }),
    );
    redirect(res, started.location);
  }

  private async logout(req: HttpRequest, res: HttpResponse): Promise<void> {
    const location = await this.auth.logout(
      readCookie(req.headers.cookie, SESSION_COOKIE),
      appOriginFor(req, this.options.identity),
    );
    res.setHeader('Set-Cookie', expiredCookie(SESSION_COOKIE, '/', this.secure(req)));
    redirect(res, location);
  }

  private secure(req: HttpRequest): boolean {
    return isHttpsRequest(req, this.options.identity.trustProxy);
  }
}

function redirect(res: HttpResponse, location: string): void {
  res.statusCode = 302;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

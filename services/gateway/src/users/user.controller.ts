import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { CurrentUserDto } from '@frenly/contracts';
import {
  IDENTITY_HEADER,
  IDENTITY_TOKENS,
  IdentityTokens,
  type HttpResponse,
} from '@frenly/platform';
import { readCookie } from '../sessions/cookies.js';
import { SESSION_COOKIE } from '../sessions/session.service.js';
import { UserService } from './user.service.js';

@Controller('api/auth')
export class UserController {
  constructor(
    private readonly users: UserService,
    @Inject(IDENTITY_TOKENS) private readonly tokens: IdentityTokens,
  ) {}

  /**
   * The signed-in user, or `null` when signed out. Not guarded: being signed out is an answer
   * here, not an error, so a visitor's browser logs no failed request on every page.
   */
  @Get('user')
  async current(
    @Headers(IDENTITY_HEADER) identity: string | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res() res: HttpResponse,
  ): Promise<void> {
    const user: CurrentUserDto = await this.users.current(
      this.tokens.verify(identity),
      readCookie(cookie, SESSION_COOKIE),
    );
    // Written here because Nest sends an empty body for a null result, which no JSON reader parses.
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(user));
  }
}

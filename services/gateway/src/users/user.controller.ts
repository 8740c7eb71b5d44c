import { Controller, Get, Headers, UseGuards } from '@nestjs/common';
import type { UserDto } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { readCookie } from '../sessions/cookies.js';
import { SESSION_COOKIE } from '../sessions/session.service.js';
import { UserService } from './user.service.js';

@Controller('api/auth')
export class UserController {
  constructor(private readonly users: UserService) {}

  /** 401 when signed out (the frontend reads that as "no user"). */
  @Get('user')
  @UseGuards(SignedInGuard)
  current(
    @CurrentIdentity() identity: Identity,
    @Headers('cookie') cookie: string | undefined,
  ): Promise<UserDto> {
    return this.users.current(identity, readCookie(cookie, SESSION_COOKIE));
  }
}

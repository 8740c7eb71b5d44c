/** `GET /api/auth/user`: the signed-in user and their bamboo balance (held by the ledger). */
export interface UserDto {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  bambooBalance: number;
}

/** `GET /api/auth/user`'s answer: the user, or `null` when signed out (an answer, not a 401). */
export type CurrentUserDto = UserDto | null;

/** One entry of `GET /api/auth/providers`: the landing page shows a button per provider (`/auth/{id}`). */
export interface AuthProviderDto {
  id: string;
  name: string;
}

/** `GET /api/auth/user`: the signed-in user and their bamboo balance (held by the ledger). */
export interface UserDto {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  bambooBalance: number;
}

/** One entry of `GET /api/auth/providers`: the landing page shows a button per provider (`/auth/{id}`). */
export interface AuthProviderDto {
  id: string;
  name: string;
}


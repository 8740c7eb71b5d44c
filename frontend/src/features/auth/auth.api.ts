import type { AuthProviderDto, UserDto } from '@frenly/contracts';
import { baseApi } from '../../api/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user, or null when signed out: the gateway answers `null` then; a 401 (a
     * session whose user is gone) is read the same way, as the spec's loader allows.
     */
    currentUser: build.query<UserDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/auth/user');
        if (result.error) {
          if (result.error.status !== 401) console.warn('Auth check failed:', result.error.message);
          return { data: null };
        }
        return { data: (result.data as UserDto | null) ?? null };
      },
      providesTags: ['User'],
    }),
    authProviders: build.query<AuthProviderDto[], void>({
      query: () => '/api/auth/providers',
      providesTags: ['Providers'],
    }),
  }),
});

export const { useCurrentUserQuery, useAuthProvidersQuery } = authApi;

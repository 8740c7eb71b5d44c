import { BadRequestException } from '@nestjs/common';
import { checkPublicUrl, isSafeFetchError, type Resolver } from '@frenly/safe-fetch';
import { VALIDATION_FAILED } from '@frenly/platform';

/**
 * A push endpoint is a URL the server will POST to later: it gets the fetcher's address policy
 * (https only, no credentials, no loopback, private, link-local or metadata host, literal or
 * resolved), so a subscription cannot aim our notifications at our own network. A name that
 * does not resolve now is accepted: the sender connects through the SafeFetcher, which checks
 * every address again at that time.
 */
export async function assertPublicPushEndpoint(
  endpoint: string,
  resolver?: Resolver,
): Promise<void> {
  if (!endpoint.toLowerCase().startsWith('https://')) refuse('endpoint must be an https URL');
  try {
    await checkPublicUrl(endpoint, { resolver });
  } catch (error) {
    if (!isSafeFetchError(error)) throw error;
    refuse(`endpoint must be on a public host (${error.message})`);
  }
}

function refuse(message: string): never {
  throw new BadRequestException({ message, error: 'Bad Request', code: VALIDATION_FAILED });
}

import { SafeFetchError } from '../../src/index.js';

/** The SafeFetchError a fetch was refused with; a success or any other error fails the test. */
export async function fetchFailure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error('the fetch succeeded');
}

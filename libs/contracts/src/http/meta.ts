/** `GET /api/meta`: which installation answers, since when, in which runtime and version. */
export interface MetaResponse {
  installationId: string;
  /** ISO 8601. */
  createdAt: string;
  mode: 'embedded' | 'distributed';
  version: string;
}

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface GithubStandInState {
  /** Token requests whose PKCE verifier did not match the challenge (must stay 0). */
  pkceFailures: number;
  tokenRequests: number;
}

/**
 * Just enough of GitHub's OAuth and REST API, served on loopback: the authorize endpoint
 * approves at once (as GitHub does for an app already authorised), the token endpoint checks
 * the client secret and the S256 PKCE verifier (and, like GitHub, answers errors with 200
 * and an `error` field), /user hides the email, /user/emails has it.
 */
export function githubStandIn(
  client: { id: string; secret: string },
  state: GithubStandInState,
): Server {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.invalid');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (
        url.searchParams.get('client_id') !== client.id ||
        url.searchParams.get('code_challenge_method') !== 'S256'
      ) {
        return void res.writeHead(400).end('bad authorize request');
      }
      const code = randomBytes(10).toString('hex');
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return void res.writeHead(302, { Location: back.href }).end();
    }

    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        state.tokenRequests++;
        const form = new URLSearchParams(body);
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (
          form.get('client_id') !== client.id ||
          form.get('client_secret') !== client.secret ||
          !issued ||
          issued.redirectUri !== form.get('redirect_uri')
        ) {
          return json(200, {
            error: 'bad_verification_code',
            error_description: 'The code passed is incorrect or expired.',
          });
        }
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (challenge !== issued.challenge) {
          state.pkceFailures++;
          return json(200, {
            error: 'bad_verification_code',
            error_description: 'PKCE verification failed',
          });
        }
        const token = `gho_${randomBytes(12).toString('hex')}`;
        tokens.add(token);
        json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/user') {
      return json(200, {
        id: 4242,
        login: 'monalisa',
        name: 'Mona Lisa Octocat',
        email: null,
        avatar_url: 'https://avatars.example/u/4242',
      });
    }
    if (url.pathname === '/api/user/emails') {
      return json(200, [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'mona@example.com', primary: true, verified: true },
      ]);
    }
    json(404, { message: 'Not Found' });
  });
}

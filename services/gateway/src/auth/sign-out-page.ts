import type { HttpResponse } from '@frenly/platform';

/**
 * The page a sign-out link from another site lands on: nothing has ended yet, and the session
 * ends only when the user presses the button, which POSTs from this origin (and passes the edge's
 * same-origin check that another site's form would fail). No script: it must not submit itself.
 * `action` is one of the fixed sign-out paths, never request input.
 */
export function sendSignOutPage(res: HttpResponse, action: '/api/logout' | '/auth/logout'): void {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sign out of Frenly?</title></head>
<body>
<main>
<h1>Sign out of Frenly?</h1>
<p>A link from another site asked to sign you out. Nothing has changed yet.</p>
<form method="post" action="${action}"><button type="submit">Sign Out</button></form>
<p><a href="/">Stay signed in and go to Frenly</a></p>
</main>
</body>
</html>
`;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

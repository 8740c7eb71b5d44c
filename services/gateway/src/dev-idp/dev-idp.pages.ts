/** The development identity provider's pages: plain HTML, no scripts except the logout auto-submit. */
import { createHash } from 'node:crypto';

/** Submits oidc-provider's logout confirmation at once (the button stays as a fallback). */
const LOGOUT_AUTO_SUBMIT =
  "(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();";

/**
 * The pages' own Content-Security-Policy, in place of the app's: their inline stylesheet, and
 * no script but the logout auto-submit above (by its hash).
 */
export const DEV_IDP_CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${createHash('sha256').update(LOGOUT_AUTO_SUBMIT).digest('base64')}'; frame-ancestors 'none'`;

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:#f5f7f2;color:#1f2a1f;margin:0;padding:1rem;display:grid;min-height:100vh;place-items:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:1.5rem;width:min(22rem,100%)}
h1{font-size:1.3rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#4a574a;font-size:.9rem}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #b9c4b5;border-radius:6px;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.65rem;border:0;border-radius:6px;background:#2f7d32;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#b3261e;font-weight:600}
.local-only{background:#fff4d6;color:#5c3b00;border-radius:6px;padding:.5rem .6rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface LoginFormView {
  readonly action: string;
  readonly clientName: string;
  readonly name?: string;
  readonly email?: string;
  readonly error?: string;
}

/**
 * The one-field sign-in form. Stable names for scripts and tests: input `name` (label "Your
 * name", id dev-idp-name), input `email` (label "Email (optional)", id dev-idp-email), and a
 * submit button "Sign in".
 */
export function loginFormPage(view: LoginFormView): string {
  return page(
    'Sign in (development)',
    `<h1>Sign in</h1>
<p>Development sign-in for ${escapeHtml(view.clientName)}: no password, no account anywhere.</p>
<p class="local-only" role="note"><strong>For local use only.</strong> Anyone who can open this page can sign in as anyone, with just a name. Do not make it reachable from other computers.</p>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}" id="dev-idp-login">
<label for="dev-idp-name">Your name</label>
<input id="dev-idp-name" name="name" autocomplete="name" required maxlength="100" autofocus value="${escapeHtml(view.name ?? '')}">
<label for="dev-idp-email">Email (optional)</label>
<input id="dev-idp-email" name="email" type="email" autocomplete="email" maxlength="200" value="${escapeHtml(view.email ?? '')}">
<button type="submit">Sign in</button>
</form>`,
  );
}

/** RP-initiated logout: the provider's own confirmation form, submitted at once. */
export function logoutPage(form: string): string {
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<script>${LOGOUT_AUTO_SUBMIT}</script>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

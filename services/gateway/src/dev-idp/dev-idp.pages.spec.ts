import { createHash } from 'node:crypto';
import { DEV_IDP_CONTENT_SECURITY_POLICY, loginFormPage, logoutPage } from './dev-idp.pages.js';

describe('development identity provider pages', () => {
  it("allow exactly the logout page's inline script, by its hash", () => {
    const html = logoutPage(
      '<form id="op.logoutForm" method="post" action="/dev-idp/session/end/confirm"></form>',
    );
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(DEV_IDP_CONTENT_SECURITY_POLICY).toContain(`script-src 'sha256-${hash}'`);
    expect(DEV_IDP_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(DEV_IDP_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('say plainly on the sign-in form that it is for local use only', () => {
    const html = loginFormPage({ action: '/dev-idp/interaction/abc/login', clientName: 'Frenly' });
    expect(html).toContain('<strong>For local use only.</strong>');
    expect(html).toContain('Anyone who can open this page can sign in as anyone');
  });
});

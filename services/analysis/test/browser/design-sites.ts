import { html, script, type Site } from './fixture-web.js';

/** A moment fixed when the fixture web starts: the real countdown's deadline is an hour after it. */
const DEADLINE = Date.now() + 3_600_000;

const BANNER_STYLE =
  'position:fixed;bottom:0;left:0;right:0;background:#fff;padding:16px;border-top:1px solid #333';
const BUTTON = 'font-size:16px;padding:10px 18px;background:#0a58ca;color:#fff;border:0';

/** Formats seconds as mm:ss in the page (the same script for the fake and the real timer). */
const FORMAT = `const fmt = (s) => String(Math.floor(s / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');`;

/**
 * The rendered-design fixtures: consent banners, countdowns, a basket, a plain page. Each is a
 * page a visitor's browser would render the same way every time.
 */
export const DESIGN_SITES: Readonly<Record<string, Site>> = {
  // Complianz's markup (autoconsent's "Complianz banner" rule): accept on the banner, reject only
  // behind "Manage options"; an analytics script loads before anyone chose anything.
  'consent-deep.test': (path, _request, response) => {
    if (path !== '/') return void response.writeHead(204).end();
    html(
      response,
      `<!doctype html><html lang="en"><title>Deep consent</title><main><h1>Deep consent</h1></main>
       <div id="cmplz-cookiebanner-container"><div class="cmplz-cookiebanner" style="${BANNER_STYLE}">
         <p>We use cookies to improve your experience and for marketing.</p>
         <button class="cmplz-accept" style="${BUTTON}" onclick="fetch('/accepted')">Accept all</button>
         <button class="cmplz-view-preferences" style="${BUTTON}" onclick="document.getElementById('prefs').hidden = false">Manage options</button>
         <div id="prefs" hidden><p>Choose which cookies we may use.</p>
           <button class="cmplz-deny" style="${BUTTON}" onclick="fetch('/denied')">Deny</button>
         </div>
       </div></div>
       <script src="https://www.google-analytics.com/analytics.js"></script></html>`,
    );
  },
  // A banner with reject beside accept, drawn alike, and no tracker at all.
  'consent-fair.test': (_path, _request, response) =>
    html(
      response,
      `<!doctype html><html lang="en"><title>Fair consent</title><main><h1>Fair consent</h1></main>
       <div role="dialog" aria-label="Cookies" style="${BANNER_STYLE}">
         <p>We use cookies to remember your settings.</p>
         <button style="${BUTTON}">Reject all</button> <button style="${BUTTON}">Accept all</button>
       </div></html>`,
    ),
  // Accept as a big blue button, reject as small pale text.
  'consent-faint.test': (_path, _request, response) =>
    html(
      response,
      `<!doctype html><html lang="en"><title>Faint reject</title><main><h1>Faint reject</h1></main>
       <div role="dialog" aria-label="Cookies" style="${BANNER_STYLE}">
         <p>We use cookies for advertising.</p>
         <button style="${BUTTON};font-size:20px">Accept all</button>
         <a href="#" role="button" style="font-size:11px;color:#c8c8c8">reject</a>
       </div></html>`,
    ),
  // A countdown that starts at 10:00 on every load.
  'timer-fake.test': (path, _request, response) => {
    if (path === '/timer.js')
      return script(
        response,
        `${FORMAT} let left = 600; const t = document.getElementById('t');
         setInterval(() => { left -= 1; t.textContent = fmt(left); }, 1000);`,
      );
    html(
      response,
      `<!doctype html><html lang="en"><title>Sale</title><main><h1>Sale</h1>
       <p>Offer ends in <span id="t">10:00</span></p><script src="/timer.js"></script></main></html>`,
    );
  },
  // A countdown to a deadline the server fixed: a reload shows less time, not more.
  'timer-real.test': (_path, _request, response) => {
    const left = Math.max(0, Math.floor((DEADLINE - Date.now()) / 1000));
    html(
      response,
      `<!doctype html><html lang="en"><title>Auction</title><main><h1>Auction</h1>
       <p>Bidding closes in <span id="t">${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}</span></p>
       <script>${FORMAT} const t = document.getElementById('t');
         setInterval(() => { t.textContent = fmt(Math.max(0, Math.floor((${DEADLINE} - Date.now()) / 1000))); }, 200);</script>
       </main></html>`,
    );
  },
  // A basket: insurance ticked in the markup, offers ticked by script (the DOM property), gift
  // wrap offered but not ticked, "remember me" ticked (no add-on).
  'basket.test': (_path, _request, response) =>
    html(
      response,
      `<!doctype html><html lang="en"><title>Basket</title><main><h1>Basket</h1>
       <form><label><input type="checkbox" name="insurance" checked> Add travel insurance (+€4.99)</label><br>
       <label><input type="checkbox" name="wrap"> Gift wrap (+€2.00)</label><br>
       <label><input type="checkbox" id="offers" name="offers"> Send me special offers by email</label><br>
       <label><input type="checkbox" name="remember" checked> Remember me</label><br>
       <button>Pay</button></form>
       <script>document.getElementById('offers').checked = true;</script></main></html>`,
    ),
  // Nothing to find: opening hours look like a time but do not count down.
  'calm.test': (_path, _request, response) =>
    html(
      response,
      `<!doctype html><html lang="en"><title>Calm</title><main><h1>Calm</h1>
       <p>Open from <span>09:00</span> to <span>17:30</span>.</p>
       <label><input type="checkbox" name="terms"> I accept the terms</label></main></html>`,
    ),
};

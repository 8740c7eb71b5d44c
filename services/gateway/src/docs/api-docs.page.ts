/** Where the documents and the page's assets are served (see ApiDocsController). */
export const API_DOCS_PATH = '/api/docs';

/**
 * Swagger UI on the committed OpenAPI document. Scripts and styles are separate files (no
 * inline script), so a strict Content-Security-Policy (script-src 'self') allows the page.
 */
export const API_DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Frenly API</title>
    <link rel="icon" href="${API_DOCS_PATH}/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/assets/swagger-ui-standalone-preset.js"></script>
    <script src="${API_DOCS_PATH}/assets/init.js"></script>
  </body>
</html>
`;

export const API_DOCS_INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_DOCS_PATH}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null, // no badge fetched from an outside validator
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

/**
 * The edge's strict policy, plus `data:` images (swagger-ui.css draws its icons as data: SVGs)
 * and the one <style> element swagger-ui-dist 5.33 injects, by its hash (after an upgrade of
 * swagger-ui-dist the browser reports the new hash in its console). Nothing else is loosened.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
].join('; ');

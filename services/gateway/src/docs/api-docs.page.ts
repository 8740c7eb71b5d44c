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
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

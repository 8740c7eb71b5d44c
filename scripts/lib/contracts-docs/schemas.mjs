// JSON Schemas of the libs/contracts types, generated from the TypeScript sources with
// ts-json-schema-generator, so the documents describe exactly what the code compiles against.
import { createGenerator } from 'ts-json-schema-generator';

/** Every exported type of libs/contracts, by name; `$ref`s point at `#/components/schemas/<name>`. */
export function contractSchemas(root) {
  const generator = createGenerator({
    path: `${root}/libs/contracts/src/index.ts`,
    tsconfig: `${root}/tsconfig.base.json`,
    type: '*',
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true, // tsc checks the tree; here we only read it
    // Readers must tolerate fields added later (docs/event-stream.md): no `additionalProperties: false`.
    additionalProperties: true,
    sortProps: true,
  });
  const definitions = generator.createSchema('*').definitions ?? {};
  return rewriteRefs(definitions, (name) => `#/components/schemas/${name}`);
}

/** The named schemas and every schema they reference, transitively, sorted by name. */
export function closureOf(schemas, names) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    if (!schemas[name]) throw new Error(`libs/contracts exports no type named ${name}`);
    seen.add(name);
    for (const ref of refsIn(schemas[name])) visit(ref);
  };
  names.forEach(visit);
  return Object.fromEntries([...seen].sort().map((name) => [name, schemas[name]]));
}

function refsIn(value, found = []) {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string')
        found.push(decodeURIComponent(item.split('/').pop()));
      else refsIn(item, found);
    }
  }
  return found;
}

function rewriteRefs(value, toRef) {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, toRef));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' && item.startsWith('#/definitions/')
        ? [key, toRef(decodeURIComponent(item.slice('#/definitions/'.length)))]
        : [key, rewriteRefs(item, toRef)],
    ),
  );
}

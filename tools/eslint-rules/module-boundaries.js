// Enforces the monorepo's architecture from the tags in each package.json's
// "nx": { "tags": [...] } (the @nx/eslint-plugin equivalent, without Nx plugins).
import { dirname, resolve, sep } from 'node:path';
import { findWorkspaceRoot, listPackages, packageOfFile } from './workspace-packages.js';

const SCOPE = '@frenly/';

// Every entry whose `tag` the importing package carries must be satisfied: the
// imported package must carry all tags of at least one `mayImport` alternative.
export const POLICY = [
  {
    tag: 'type:app',
    mayImport: [['type:lib'], ['type:service']],
    why: 'the app composes services and libs',
  },
  {
    tag: 'type:service',
    mayImport: [['type:lib']],
    why: 'a service imports libs only, never another service (cross-service facts travel as events)',
  },
  {
    tag: 'type:lib',
    mayImport: [['type:lib']],
    why: 'a lib never imports a service, an app or the frontend',
  },
  {
    tag: 'type:frontend',
    mayImport: [['type:lib', 'scope:web']],
    why: 'the browser bundle may import only libs tagged scope:web',
  },
  {
    tag: 'scope:web',
    mayImport: [['scope:web']],
    why: 'code shipped to the browser may import only scope:web packages',
  },
];
const TYPE_TAGS = new Set(POLICY.filter((p) => p.tag.startsWith('type:')).map((p) => p.tag));

const hasTypeTag = (pkg) => pkg.tags.some((t) => TYPE_TAGS.has(t));
const tagList = (pkg) => pkg.tags.join(', ') || 'no tags';

/** The first policy entry that forbids `source` importing `target`, if any. */
export function violatedPolicy(sourceTags, targetTags) {
  return POLICY.find(
    (p) =>
      sourceTags.includes(p.tag) &&
      !p.mayImport.some((alt) => alt.every((t) => targetTags.includes(t))),
  );
}

/** Whether `subpath` ("./x") is an entry point declared in a package's "exports". */
function isExported(exportsField, subpath) {
  if (!exportsField || typeof exportsField !== 'object') return false;
  return Object.keys(exportsField).some((key) => {
    if (!key.includes('*')) return key === subpath;
    const [head, tail] = key.split('*');
    return subpath.startsWith(head) && subpath.endsWith(tail);
  });
}

const isInside = (dir, file) => file === dir || file.startsWith(dir + sep);

/** A test file: under a test/ or e2e/ folder, or named *.spec.* / *.int-spec.* / *.e2e-spec.*. */
export const isTestCode = (file) =>
  file.includes(`${sep}test${sep}`) ||
  file.includes(`${sep}e2e${sep}`) ||
  /\.(spec|int-spec|e2e-spec)\.[cm]?[jt]sx?$/.test(file);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce package boundaries from package.json nx.tags' },
    schema: [],
    messages: {
      forbidden: '{{source}} ({{sourceTags}}) may not import {{target}} ({{targetTags}}): {{why}}.',
      untagged:
        '{{pkg}} has no type:* tag in package.json "nx.tags", so its boundaries cannot be checked.',
      unknown: '{{target}} is not a package of this workspace.',
      self: '{{source}} imports itself by name; use a relative import inside a package.',
      deep: "Import '{{specifier}}' only through {{target}}'s entry points (its package.json \"exports\").",
      escape:
        "Relative import '{{specifier}}' leaves {{source}}; import the other package by its name.",
      into: "Relative import '{{specifier}}' reaches into {{target}}; import it by its name.",
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    if (!file || file.startsWith('<')) return {};
    const root = findWorkspaceRoot(dirname(file));
    if (!root) return {};
    const packages = listPackages(root);
    const source = packageOfFile(packages, file);

    function checkRelative(node, specifier) {
      const target = resolve(dirname(file), specifier);
      if (source && !isInside(source.dir, target)) {
        context.report({ node, messageId: 'escape', data: { specifier, source: source.name } });
      } else if (!source) {
        const owner = packageOfFile(packages, target);
        if (owner)
          context.report({ node, messageId: 'into', data: { specifier, target: owner.name } });
      }
    }

    function checkWorkspace(node, specifier) {
      const [, name, ...rest] = specifier.split('/');
      const targetName = SCOPE + name;
      const target = packages.find((p) => p.name === targetName);
      if (!target)
        return context.report({ node, messageId: 'unknown', data: { target: targetName } });
      if (rest.length > 0 && !isExported(target.exports, './' + rest.join('/'))) {
        context.report({ node, messageId: 'deep', data: { specifier, target: targetName } });
      }
      if (!source) return; // scripts/, bench/, tools/: outside every package
      if (source === target)
        return context.report({ node, messageId: 'self', data: { source: source.name } });
      for (const pkg of [source, target]) {
        if (!hasTypeTag(pkg))
          return context.report({ node, messageId: 'untagged', data: { pkg: pkg.name } });
      }
      // Test code of any package (its test/ and e2e/ folders, specs) may use the testing
      // helpers: it is never part of what the package ships.
      if (target.tags.includes('kind:testing') && isTestCode(file)) return;
      const broken = violatedPolicy(source.tags, target.tags);
      if (broken) {
        context.report({
          node,
          messageId: 'forbidden',
          data: {
            source: source.name,
            sourceTags: tagList(source),
            target: target.name,
            targetTags: tagList(target),
            why: broken.why,
          },
        });
      }
    }

    function check(node, sourceNode) {
      if (sourceNode?.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const specifier = sourceNode.value;
      if (specifier.startsWith('./') || specifier.startsWith('../'))
        checkRelative(sourceNode, specifier);
      else if (specifier.startsWith(SCOPE)) checkWorkspace(sourceNode, specifier);
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) => check(node, node.moduleReference?.expression),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(node, node.arguments[0]);
      },
    };
  },
};

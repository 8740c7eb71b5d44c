// Validates the Kubernetes manifests of deploy/k8s without a cluster; exits 1 when they are not valid.
//   1. every object against the Kubernetes OpenAPI schemas (kubernetes-models);
//   2. what the schemas cannot say: every Deployment has resource requests, startup, liveness
//      (/health/live) and readiness (/health/ready) probes on a named container port, a Service
//      that selects its pods on that port, and the ConfigMap/Secret it reads; search and realtime
//      have an HPA on an existing Deployment; the Ingress reaches an existing Service port;
//   3. only the gateway is exposed (issue 12): a default-deny ingress NetworkPolicy, and every
//      other Deployment's pods admit traffic only from the pods of the services that call it
//      (or the monitoring namespace), on ports their container names; no identity secret ships:
//      the applied manifests define no FRENLY_IDENTITY_SECRET (the operator creates the Secret;
//      examples/ shows it, unapplied);
//   4. each Deployment's environment against its service's own config spec (the objects that
//      validate the environment at boot): every variable the service requires is set (env, the
//      ConfigMap or a key of the Secret, e.g. FRENLY_IDENTITY_SECRET, which also signs the calls
//      to internal routes); every <SERVICE>_URL the spec reads for another Deployment (the
//      gateway's four, the analysis's SEARCH_URL and LEDGER_URL) is set to that Deployment's
//      Service and one of its ports, and a NetworkPolicy admits the caller's pods there.
// Usage: node scripts/check-k8s.mjs [dir]   (default deploy/k8s; dir/examples/ holds the examples)
// Reads the built services (@frenly/<service>'s dist, as scripts/config-table.mjs does): build first.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? join(root, 'deploy/k8s');

/** Deployments that scale on CPU (issue 8: per-service scaling of search and realtime). */
const AUTOSCALED = ['search', 'realtime'];
/**
 * The gateway's /health/ready fails when any one service is down; gating its traffic on that
 * would take every route out for one outage (see deploy/k8s/10-gateway.yaml), so its readiness
 * probe is /health/live.
 */
const READINESS_PATH = { gateway: '/health/live' };

/** The only Deployment reachable from outside the namespace. */
const GATEWAY = 'gateway';
/** Where Prometheus may scrape /metrics from (a namespace name, see 20-network-policies.yaml). */
const MONITORING_NAMESPACE = 'monitoring';

/** Each Deployment's config spec, by Deployment name. */
const CONFIG_SPECS = {
  gateway: 'gatewayConfigSpec',
  search: 'searchConfigSpec',
  ledger: 'ledgerConfigSpec',
  analysis: 'analysisConfigSpec',
  realtime: 'realtimeConfigSpec',
};
/** The variable in which a service's config names another service's base URL(s). */
const serviceUrlVar = (deployment) => `${deployment.toUpperCase()}_URL`;

const problems = [];
const objects = [];
const configSpecs = new Map();
for (const [deployment, exported] of Object.entries(CONFIG_SPECS)) {
  try {
    configSpecs.set(deployment, (await import(`@frenly/${deployment}`))[exported]);
  } catch (error) {
    problems.push(
      `cannot load @frenly/${deployment}'s ${exported} (build the services first): ${error.message}`,
    );
  }
}
/** Examples (dir/examples/): validated and counted as the Secrets an operator creates, never applied. */
const examplesDir = join(dir, 'examples');
const yamlFiles = (folder) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
    : [];
for (const [folder, prefix, example] of [
  [dir, '', false],
  [examplesDir, 'examples/', true],
]) {
  for (const name of yamlFiles(folder)) {
    const file = `${prefix}${name}`;
    for (const doc of parseAllDocuments(readFileSync(join(folder, name), 'utf8'))) {
      if (doc.errors.length > 0) {
        problems.push(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
        continue;
      }
      const object = doc.toJS();
      if (object) objects.push({ file, object, example });
    }
  }
}

for (const { file, object } of objects) {
  const where = `${file}: ${object.kind ?? '?'} ${object.metadata?.name ?? '?'}`;
  const Model = await modelOf(object.apiVersion, object.kind);
  if (!Model) {
    problems.push(`${where}: unknown apiVersion/kind ${object.apiVersion}/${object.kind}`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push(`${where}: ${error.message}`);
  }
}

const byKind = (kind) => objects.filter(({ object }) => object.kind === kind);
const names = (kind) => new Set(byKind(kind).map(({ object }) => object.metadata.name));
const matches = (selector, labels) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

for (const { file, object } of byKind('Deployment')) {
  const name = object.metadata.name;
  const where = `${file}: Deployment ${name}`;
  const template = object.spec?.template;
  if (!matches(object.spec?.selector?.matchLabels, template?.metadata?.labels))
    problems.push(`${where}: selector does not match the pod labels`);
  for (const container of template?.spec?.containers ?? []) {
    const at = `${where}, container ${container.name}`;
    const ports = new Set((container.ports ?? []).map((port) => port.name));
    const requests = container.resources?.requests ?? {};
    if (!requests.cpu || !requests.memory) problems.push(`${at}: needs cpu and memory requests`);
    if (!container.resources?.limits?.memory) problems.push(`${at}: needs a memory limit`);
    const probes = {
      startupProbe: '/health/live',
      livenessProbe: '/health/live',
      readinessProbe: READINESS_PATH[name] ?? '/health/ready',
    };
    for (const [probe, path] of Object.entries(probes)) {
      const httpGet = container[probe]?.httpGet;
      if (!httpGet) problems.push(`${at}: needs an HTTP ${probe}`);
      else {
        if (httpGet.path !== path)
          problems.push(`${at}: ${probe} must ask ${path}, not ${httpGet.path}`);
        if (!ports.has(httpGet.port))
          problems.push(`${at}: ${probe} port ${httpGet.port} is not a named container port`);
      }
    }
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef && !names('ConfigMap').has(source.configMapRef.name))
        problems.push(
          `${at}: reads ConfigMap ${source.configMapRef.name}, which no manifest defines`,
        );
      if (source.secretRef && !names('Secret').has(source.secretRef.name))
        problems.push(
          `${at}: reads Secret ${source.secretRef.name}, which no manifest (or example) defines`,
        );
    }
    if (!(container.envFrom ?? []).some((source) => source.secretRef))
      problems.push(`${at}: reads no Secret (DATABASE_URL, FRENLY_IDENTITY_SECRET)`);
    const service = byKind('Service').find(({ object: svc }) =>
      matches(svc.spec?.selector, template?.metadata?.labels),
    );
    if (!service) problems.push(`${where}: no Service selects its pods`);
    else if (!(service.object.spec.ports ?? []).every((port) => ports.has(port.targetPort)))
      problems.push(
        `${where}: Service ${service.object.metadata.name} targets a port the container does not name`,
      );
  }
}

const deployments = names('Deployment');
for (const { file, object } of byKind('HorizontalPodAutoscaler')) {
  const target = object.spec?.scaleTargetRef;
  if (target?.kind !== 'Deployment' || !deployments.has(target.name))
    problems.push(
      `${file}: HPA ${object.metadata.name} scales ${target?.kind} ${target?.name}, which is not a Deployment here`,
    );
  if ((object.spec?.minReplicas ?? 1) < 2)
    problems.push(`${file}: HPA ${object.metadata.name} should keep at least 2 replicas`);
}
const scaled = new Set(
  byKind('HorizontalPodAutoscaler').map(({ object }) => object.spec?.scaleTargetRef?.name),
);
for (const name of AUTOSCALED)
  if (!scaled.has(name)) problems.push(`no HorizontalPodAutoscaler for ${name}`);

for (const { file, object } of byKind('Ingress')) {
  for (const rule of object.spec?.rules ?? []) {
    for (const path of rule.http?.paths ?? []) {
      const backend = path.backend?.service;
      const service = byKind('Service').find(
        ({ object: svc }) => svc.metadata.name === backend?.name,
      );
      if (!service)
        problems.push(
          `${file}: Ingress ${object.metadata.name} routes to Service ${backend?.name}, which no manifest defines`,
        );
      else if (
        !(service.object.spec.ports ?? []).some(
          (port) => port.name === backend.port?.name || port.port === backend.port?.number,
        )
      ) {
        problems.push(
          `${file}: Ingress ${object.metadata.name} routes to a port Service ${backend.name} does not have`,
        );
      }
    }
  }
}

// No usable identity secret ships: whoever knows it can sign any identity for the services.
for (const { file, object, example } of byKind('Secret')) {
  if (example) continue;
  if ('FRENLY_IDENTITY_SECRET' in { ...object.data, ...object.stringData }) {
    problems.push(
      `${file}: Secret ${object.metadata.name} sets FRENLY_IDENTITY_SECRET; the operator creates it (see examples/), none ships`,
    );
  }
}

// Each Deployment's environment against its config spec: what the service requires is set, and
// the other services it calls are named by their Services (the pod's default is itself).
const podLabels = new Map(
  byKind('Deployment').map(({ object }) => [
    object.metadata.name,
    object.spec?.template?.metadata?.labels ?? {},
  ]),
);
/** The calls between Deployments the manifests wire: { from, to, variable, port } (a container port). */
const calls = [];
for (const { file, object } of byKind('Deployment')) {
  const name = object.metadata.name;
  const spec = configSpecs.get(name);
  if (!spec) {
    if (!(name in CONFIG_SPECS)) problems.push(`${file}: Deployment ${name}: no config spec known`);
    continue;
  }
  for (const container of object.spec?.template?.spec?.containers ?? []) {
    const at = `${file}: Deployment ${name}, container ${container.name}`;
    const { values, secretKeys } = environmentOf(container);
    for (const [variable, varSpec] of Object.entries(spec)) {
      if (variable in values) {
        const parsed = varSpec.parse(values[variable], values);
        if (!parsed.ok) problems.push(`${at}: ${variable}=${values[variable]} ${parsed.error}`);
      } else if (!secretKeys.has(variable) && !varSpec.parse(undefined, values).ok) {
        problems.push(
          `${at}: does not set ${variable}, which the ${name} service requires (${varSpec.description})`,
        );
      }
    }
    for (const [target, labels] of podLabels) {
      const variable = serviceUrlVar(target);
      if (target === name || !(variable in spec)) continue;
      if (!(variable in values)) {
        problems.push(
          `${at}: does not set ${variable}; the ${name} service calls ${target} there, and its default (${spec[variable].defaultText}) is the pod itself`,
        );
        continue;
      }
      for (const url of values[variable].split(',').map((item) => item.trim())) {
        const port = containerPortOf(url, target, labels);
        if (typeof port === 'string') problems.push(`${at}: ${variable}=${url} ${port}`);
        else calls.push({ from: name, to: target, variable, port });
      }
    }
  }
}

// Only the gateway is exposed: the services trust the identity header and have no rate limits of their own.
const policies = byKind('NetworkPolicy').map(({ file, object }) => ({
  file,
  object,
  ingressPolicy: isIngressPolicy(object),
}));
if (
  !policies.some(
    ({ object, ingressPolicy }) =>
      ingressPolicy &&
      isEmptySelector(object.spec?.podSelector) &&
      (object.spec?.ingress ?? []).length === 0,
  )
) {
  problems.push(
    'no default-deny ingress NetworkPolicy (podSelector: {}, policyTypes: [Ingress], no rules)',
  );
}
const gatewayLabels = podLabels.get(GATEWAY);
if (!gatewayLabels) problems.push(`no Deployment ${GATEWAY}`);
for (const [name, labels] of podLabels) {
  if (name === GATEWAY) continue;
  // Whose pods may reach it: the services whose config names it (the gateway: every service).
  const callers = [...configSpecs]
    .filter(([caller, spec]) => caller !== name && serviceUrlVar(name) in spec)
    .map(([caller]) => caller);
  const ports = containerPorts(name);
  const applying = policies.filter(
    ({ object, ingressPolicy }) => ingressPolicy && selects(object.spec?.podSelector, labels),
  );
  if (!applying.some(({ object }) => !isEmptySelector(object.spec?.podSelector)))
    problems.push(`Deployment ${name}: no NetworkPolicy of its own limits who reaches it`);
  for (const { file, object } of applying) {
    for (const rule of object.spec?.ingress ?? []) {
      const where = `${file}: NetworkPolicy ${object.metadata.name} lets into ${name}`;
      if ((rule.from ?? []).length === 0)
        problems.push(`${where} traffic from anywhere (a rule without "from")`);
      if ((rule.ports ?? []).length === 0)
        problems.push(`${where} traffic on every port (a rule without "ports")`);
      for (const { port } of rule.ports ?? []) {
        if (!ports.some((named) => named.name === port || named.containerPort === port))
          problems.push(`${where} traffic on port ${port}, which its container does not name`);
      }
      for (const peer of rule.from ?? []) {
        const selected = [...podLabels]
          .filter(([, otherLabels]) => peer.podSelector && selects(peer.podSelector, otherLabels))
          .map(([other]) => other);
        const onlyCallers =
          peer.podSelector &&
          !peer.namespaceSelector &&
          !peer.ipBlock &&
          !isEmptySelector(peer.podSelector) &&
          selected.length > 0 &&
          selected.every((other) => callers.includes(other));
        const monitoring =
          !peer.podSelector &&
          !peer.ipBlock &&
          peer.namespaceSelector &&
          JSON.stringify(peer.namespaceSelector) ===
            JSON.stringify({
              matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE },
            });
        if (!onlyCallers && !monitoring)
          problems.push(
            `${where} traffic from ${JSON.stringify(peer)}, not only the services that call it (${callers.join(', ')}) or ${MONITORING_NAMESPACE}`,
          );
      }
    }
  }
}

// Every call the manifests wire is let through: the callee's policies admit the caller's pods on
// the port its Service forwards to (the default-deny policy refuses it otherwise).
for (const { from, to, variable, port } of calls) {
  const admitted = policies.some(
    ({ object, ingressPolicy }) =>
      ingressPolicy &&
      selects(object.spec?.podSelector, podLabels.get(to)) &&
      (object.spec?.ingress ?? []).some(
        (rule) =>
          ((rule.from ?? []).length === 0 ||
            rule.from.some(
              (peer) =>
                peer.podSelector &&
                !peer.namespaceSelector &&
                !peer.ipBlock &&
                selects(peer.podSelector, podLabels.get(from)),
            )) &&
          ((rule.ports ?? []).length === 0 ||
            rule.ports.some((allowed) => [port.name, port.containerPort].includes(allowed.port))),
      ),
  );
  if (!admitted)
    problems.push(
      `Deployment ${from} calls ${to} (${variable}) on port ${port.name ?? port.containerPort}, but no NetworkPolicy admits ${from} pods to ${to} there`,
    );
}

for (const problem of problems) console.error(`check-k8s: ${problem}`);
if (problems.length > 0) process.exit(1);
const kinds = objects.map(({ object }) => `${object.kind}/${object.metadata.name}`);
console.log(`check-k8s: OK (${objects.length} objects: ${kinds.join(', ')})`);

/** Whether a NetworkPolicy restricts ingress (policyTypes unset: ingress always, as Kubernetes does). */
function isIngressPolicy(policy) {
  return policy.spec?.policyTypes === undefined || policy.spec.policyTypes.includes('Ingress');
}

function isEmptySelector(selector) {
  return (
    Object.keys(selector?.matchLabels ?? {}).length === 0 &&
    (selector?.matchExpressions ?? []).length === 0
  );
}

/** Whether a LabelSelector (matchLabels and matchExpressions) selects pods with these labels. */
function selects(selector, labels) {
  if (!selector) return false;
  return (
    matches(selector.matchLabels, labels) &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      const has = Object.hasOwn(labels, key);
      if (operator === 'In') return has && values.includes(labels[key]);
      if (operator === 'NotIn') return !has || !values.includes(labels[key]);
      if (operator === 'Exists') return has;
      if (operator === 'DoesNotExist') return !has;
      return false;
    })
  );
}

/**
 * A Deployment's environment as its pods get it: `values` from its ConfigMaps and env (env wins),
 * `secretKeys` the keys of the Secrets it reads (their values are the operator's).
 */
function environmentOf(container) {
  const values = {};
  const secretKeys = new Set();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const configMap = byKind('ConfigMap').find(
        ({ object }) => object.metadata.name === source.configMapRef.name,
      );
      Object.assign(values, configMap?.object.data ?? {});
    }
    if (source.secretRef) {
      for (const { object } of byKind('Secret').filter(
        ({ object: secret }) => secret.metadata.name === source.secretRef.name,
      ))
        for (const key of Object.keys({ ...object.data, ...object.stringData }))
          secretKeys.add(key);
    }
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) values[variable.name] = variable.value;
    else if (variable.valueFrom?.secretKeyRef) secretKeys.add(variable.name);
  }
  return { values, secretKeys };
}

/** The named ports of a Deployment's containers. */
function containerPorts(deployment) {
  const found = byKind('Deployment').find(({ object }) => object.metadata.name === deployment);
  return (found?.object.spec?.template?.spec?.containers ?? []).flatMap(
    (container) => container.ports ?? [],
  );
}

/**
 * The container port of `target` that a base URL reaches through a Service in the namespace
 * (`http://search:3001`, or search.frenly.svc.cluster.local), or what is wrong with it.
 */
function containerPortOf(url, target, labels) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  const [host, ...domain] = parsed.hostname.split('.');
  const namespace = byKind('Service')[0]?.object.metadata.namespace;
  if (
    domain.length > 0 &&
    ![namespace, `${namespace}.svc`, `${namespace}.svc.cluster.local`].includes(domain.join('.'))
  )
    return `is not a Service of namespace ${namespace}`;
  const service = byKind('Service').find(({ object }) => object.metadata.name === host);
  if (!service) return `names Service ${host}, which no manifest defines`;
  if (!selects({ matchLabels: service.object.spec?.selector }, labels))
    return `names Service ${host}, which does not select the ${target} pods`;
  const number = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  const servicePort = (service.object.spec?.ports ?? []).find((port) => port.port === number);
  if (!servicePort) return `names port ${number}, which Service ${host} does not have`;
  const port = containerPorts(target).find(
    (named) =>
      named.name === servicePort.targetPort || named.containerPort === servicePort.targetPort,
  );
  return (
    port ??
    `reaches Service ${host}'s targetPort ${servicePort.targetPort}, which ${target} does not name`
  );
}

/** The kubernetes-models class of an apiVersion/kind, e.g. apps/v1 Deployment; undefined when unknown. */
async function modelOf(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Za-z]+$/.test(kind))
    return undefined;
  try {
    // apps/v1 -> kubernetes-models/apps/v1/Deployment; the core group's v1 -> kubernetes-models/v1/Service
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return module[kind];
  } catch {
    return undefined;
  }
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';

/**
 * The AsyncAPI document that scripts/contracts-docs.mjs generates from libs/contracts (and
 * `npm test` holds to the code): its JSON Schemas are the payload contract of every topic.
 * src/ and dist/ sit at the same depth, so the path holds for both.
 */
export const ASYNCAPI_DOCUMENT = new URL('../../../../docs/api/asyncapi.json', import.meta.url);

interface AsyncApiDocument {
  readonly channels?: Record<string, { readonly messages?: Record<string, { $ref?: string }> }>;
  readonly components?: {
    readonly messages?: Record<string, { readonly payload?: { $ref?: string } }>;
    readonly schemas?: Record<string, unknown>;
  };
}

const DOCUMENT_ID = 'asyncapi';

/** Checks event payloads against their topic's JSON Schema; one instance per document. */
export class EventPayloadSchemas {
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: AsyncApiDocument) {
    // Loaded here, not at import: only a service that consumes events needs it.
    const Ajv = createRequire(import.meta.url)('ajv') as typeof AjvClass;
    // Strict mode would refuse the document's non-schema key `components`.
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema({ components: { schemas: document.components?.schemas ?? {} } }, DOCUMENT_ID);
    for (const [topic, schemaRef] of this.payloadRefs())
      this.validators.set(topic, ajv.compile({ $ref: `${DOCUMENT_ID}${schemaRef}` }));
  }

  /** The committed AsyncAPI document's schemas, read once per process. */
  static fromCommittedDocument(): EventPayloadSchemas {
    committed ??= new EventPayloadSchemas(
      JSON.parse(readFileSync(ASYNCAPI_DOCUMENT, 'utf8')) as AsyncApiDocument,
    );
    return committed;
  }

  has(topic: string): boolean {
    return this.validators.has(topic);
  }

  /** What is wrong with `payload` for `topic` (undefined: it fits the schema). */
  problemOf(topic: string, payload: unknown): string | undefined {
    const validate = this.validators.get(topic);
    if (!validate) return `no JSON Schema for topic ${topic}`;
    if (validate(payload)) return undefined;
    return (validate.errors ?? [])
      .map((error) => `${error.instancePath ?? ''} ${error.message ?? ''}`.trim())
      .join('; ');
  }

  /** topic → `#/components/schemas/<payload>` for every channel of the document. */
  private *payloadRefs(): Iterable<[string, string]> {
    const messages = this.document.components?.messages ?? {};
    for (const [topic, channel] of Object.entries(this.document.channels ?? {})) {
      for (const { $ref } of Object.values(channel.messages ?? {})) {
        const message = $ref?.startsWith('#/components/messages/')
          ? messages[$ref.slice('#/components/messages/'.length)]
          : undefined;
        const schemaRef = message?.payload?.$ref;
        if (schemaRef?.startsWith('#/components/schemas/')) yield [topic, schemaRef];
      }
    }
  }
}

let committed: EventPayloadSchemas | undefined;

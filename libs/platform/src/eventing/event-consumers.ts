import {
  Inject,
  Injectable,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { TopicName } from '@frenly/contracts';
import type { Database, Transaction } from '@frenly/db';
import {
  handleOnce,
  type BusEvent,
  type EventBus,
  type ProcessedEventsTable,
  type Subscription,
} from '@frenly/events';
import { DATABASE, EVENT_BUS } from '../infra/tokens.js';
import { JsonLogger } from '../logging/json-logger.js';
import {
  busEventHandlerOf,
  type AfterCommit,
  type BusEventHandlerMetadata,
  type StartPosition,
} from './on-bus-event.decorator.js';
import { EventPayloadSchemas } from './event-payload-schemas.js';

/** Injection token of the module's EventConsumersOptions. */
export const EVENT_CONSUMERS_OPTIONS = Symbol.for('frenly.event-consumers-options');

export interface EventConsumersOptions {
  /** The module's processed-events table, for handlers declared `once` (they also need DATABASE). */
  readonly processedEvents?: ProcessedEventsTable;
  /** How long a processed-events mark is kept (default: 8 days, beyond Kafka's default retention). */
  readonly processedEventsRetentionMs?: number;
  /** How often the marks older than the retention are deleted (default: hourly). */
  readonly pruneProcessedEventsEveryMs?: number;
}

/** One decorated method, bound to its provider instance. */
interface BoundHandler {
  readonly label: string;
  readonly topic: TopicName;
  readonly group: string;
  readonly start: StartPosition;
  readonly once: boolean;
  readonly check?: (payload: never) => string | undefined;
  readonly run: (event: BusEvent, tx?: Transaction) => Promise<unknown>;
}

/** The handlers of one consumer group: one subscription, one handler per topic. */
interface GroupPlan {
  readonly group: string;
  readonly start: StartPosition;
  readonly byTopic: Map<string, BoundHandler>;
}

/**
 * The bus side of a module: at init, finds the @OnBusEvent methods of the module's own
 * providers (as immich discovers its @OnEvent handlers), subscribes one subscription per
 * consumer group, and runs every event through validation and de-duplication before its
 * handler. Closes the subscriptions before the application shuts down.
 */
@Injectable()
export class EventConsumers implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger: JsonLogger;
  private plans: readonly GroupPlan[] = [];
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    logger: JsonLogger,
    @Optional() @Inject(DATABASE) private readonly db?: Database,
    @Optional()
    @Inject(EVENT_CONSUMERS_OPTIONS)
    private readonly options: EventConsumersOptions = {},
    @Optional()
    private readonly schemas: EventPayloadSchemas = EventPayloadSchemas.fromCommittedDocument(),
  ) {
    this.logger = logger.forContext('EventConsumers');
  }

  /** The consumer groups this module subscribes, with their topics (for logs and lag metrics). */
  get groups(): ReadonlyArray<{ group: string; topics: readonly string[] }> {
    return this.plans.map((plan) => ({ group: plan.group, topics: [...plan.byTopic.keys()] }));
  }

  async onModuleInit(): Promise<void> {
    this.plans = this.plan(this.discover());
    const opened = await Promise.allSettled(
      this.plans.map((plan) =>
        this.bus.subscribe({
          group: plan.group,
          topics: [...plan.byTopic.keys()],
          fromBeginning: plan.start === 'earliest',
          handler: (event) => this.dispatch(plan, event),
        }),
      ),
    );
    this.subscriptions = opened.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) {
      // The module does not start: leave no group consuming behind it.
      await this.beforeApplicationShutdown();
      throw failed.reason;
    }
  }

  /**
   * Hands `event` to every handler of this module on its topic, as the bus would (validation,
   * de-duplication included); for tests that drive a consumer without a broker.
   */
  async deliver(event: BusEvent): Promise<void> {
    for (const plan of this.plans)
      if (plan.byTopic.has(event.topic)) await this.dispatch(plan, event);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
  }

  private async dispatch(plan: GroupPlan, event: BusEvent): Promise<void> {
    const handler = plan.byTopic.get(event.topic);
    if (!handler)
      throw new Error(`group ${plan.group} received ${event.topic}, which it has no handler for`);
    const handle = async (tx?: Transaction): Promise<unknown> => {
      const problem =
        this.schemas.problemOf(event.topic, event.payload) ??
        handler.check?.(event.payload as never);
      if (problem) {
        this.logger.entry('warn', `skipping a malformed ${shortName(event.topic)} event`, {
          eventId: event.id,
          topic: event.topic,
          group: plan.group,
          problem,
        });
        return;
      }
      return handler.run(event, tx);
    };
    if (!handler.once) {
      await handle();
      return;
    }
    let afterCommit: unknown;
    await handleOnce(this.db!, this.options.processedEvents!, plan.group, event, async (tx) => {
      afterCommit = await handle(tx);
    });
    if (typeof afterCommit === 'function') (afterCommit as AfterCommit)();
  }

  /** Every @OnBusEvent method of the providers that share this provider's module. */
  private discover(): BoundHandler[] {
    const wrappers = this.discovery.getProviders();
    const host = wrappers.find((wrapper) => wrapper.instance === this)?.host;
    const handlers: BoundHandler[] = [];
    for (const wrapper of wrappers) {
      const instance: unknown = wrapper.instance;
      if (wrapper.host !== host || !wrapper.isDependencyTreeStatic() || !isObject(instance))
        continue;
      const prototype = Object.getPrototypeOf(instance) as object | null;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[name];
        const metadata = busEventHandlerOf(method);
        if (!metadata) continue;
        handlers.push(
          this.bind(instance, name, method as (...args: unknown[]) => unknown, metadata),
        );
      }
    }
    return handlers;
  }

  private bind(
    instance: object,
    name: string,
    method: (...args: unknown[]) => unknown,
    metadata: BusEventHandlerMetadata,
  ): BoundHandler {
    const label = `${instance.constructor.name}.${name}`;
    const resolve = <V>(value: V | ((consumer: object) => V)): V =>
      typeof value === 'function' ? (value as (consumer: object) => V)(instance) : value;
    if (!this.schemas.has(metadata.topic))
      throw new Error(
        `${label} handles ${metadata.topic}, which docs/api/asyncapi.json has no schema for (node scripts/contracts-docs.mjs --write)`,
      );
    const once = metadata.once === true;
    if (once && (!this.db || !this.options.processedEvents))
      throw new Error(
        `${label} handles each event once, but its module provides no DATABASE or processed-events table`,
      );
    return {
      label,
      topic: metadata.topic,
      group: resolve(metadata.group),
      start: resolve(metadata.start ?? 'earliest'),
      once,
      check: metadata.check,
      run: (event, tx) => Promise.resolve(method.call(instance, event, tx)),
    };
  }

  private plan(handlers: readonly BoundHandler[]): GroupPlan[] {
    const plans = new Map<string, GroupPlan>();
    for (const handler of handlers) {
      const plan = plans.get(handler.group) ?? {
        group: handler.group,
        start: handler.start,
        byTopic: new Map<string, BoundHandler>(),
      };
      const taken = plan.byTopic.get(handler.topic);
      if (taken)
        throw new Error(
          `${taken.label} and ${handler.label} both handle ${handler.topic} in group ${handler.group}: one handler per topic and group`,
        );
      if (plan.start !== handler.start)
        throw new Error(
          `group ${handler.group} starts at the ${plan.start} event for one handler and at the ${handler.start} for ${handler.label}`,
        );
      plan.byTopic.set(handler.topic, handler);
      plans.set(handler.group, plan);
    }
    return [...plans.values()];
  }
}

/** 'search.site-indexed' → 'site-indexed', the name the logs have always used. */
function shortName(topic: string): string {
  return topic.slice(topic.indexOf('.') + 1);
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

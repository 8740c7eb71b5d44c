import type { EventPayloads, TopicName } from '@frenly/contracts';
import type { Transaction } from '@frenly/db';
import type { TypedEvent } from '@frenly/events';

/** Where a new consumer group starts: every retained event, or only events from now on. */
export type StartPosition = 'earliest' | 'newest';

/** A value fixed in the decorator, or read from the consumer instance (its injected settings). */
export type OfConsumer<C, V> = V | ((consumer: C) => V);

export interface BusEventHandlerOptions<T extends TopicName, C> {
  readonly topic: T;
  /** The consumer group: every group receives every event; its members share them. */
  readonly group: OfConsumer<C, string>;
  /** Where the group starts when it is new (default 'earliest'). */
  readonly start?: OfConsumer<C, StartPosition>;
  /**
   * A rule the JSON Schema cannot say (a canonical URL, a positive id): the problem, or
   * undefined. An event with a problem is logged and skipped like one that fails the schema.
   */
  readonly check?: (payload: EventPayloads[T]) => string | undefined;
  /**
   * Handle each event id once per group, atomically with the handler's writes: the handler
   * gets the transaction that records the id in the module's processed-events table. It may
   * return a callback, run once that transaction has committed (e.g. to wake in-process waiters).
   */
  readonly once?: boolean;
}

/** Run after the handler's transaction committed. */
export type AfterCommit = () => void;

export type BusEventHandlerMetadata = BusEventHandlerOptions<TopicName, object>;

export const BUS_EVENT_HANDLER = Symbol.for('frenly.bus-event-handler');

type Decorator<C, Handler> = <M extends Handler>(
  target: C,
  method: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;

/**
 * Marks a provider method as the handler of a topic's events. The module's `EventConsumers`
 * finds it at start-up, subscribes its group, validates every payload against the topic's
 * JSON Schema (a misfit is logged once and skipped: a retry could not fix it, and it would
 * block its partition) and de-duplicates.
 */
export function OnBusEvent<T extends TopicName, C extends object = object>(
  options: BusEventHandlerOptions<T, C> & { readonly once: true },
): Decorator<C, (event: TypedEvent<T>, tx: Transaction) => Promise<AfterCommit | void>>;
export function OnBusEvent<T extends TopicName, C extends object = object>(
  options: BusEventHandlerOptions<T, C> & { readonly once?: false },
): Decorator<C, (event: TypedEvent<T>) => Promise<void> | void>;
export function OnBusEvent<T extends TopicName, C extends object>(
  options: BusEventHandlerOptions<T, C>,
): (target: C, method: string | symbol, descriptor: PropertyDescriptor) => void {
  return (_target, _method, descriptor) => {
    if (typeof descriptor.value !== 'function')
      throw new TypeError('@OnBusEvent decorates methods only');
    Reflect.defineMetadata(BUS_EVENT_HANDLER, options, descriptor.value);
  };
}

/** The options of a method decorated with @OnBusEvent, or undefined. */
export function busEventHandlerOf(method: unknown): BusEventHandlerMetadata | undefined {
  if (typeof method !== 'function') return undefined;
  return Reflect.getMetadata(BUS_EVENT_HANDLER, method) as BusEventHandlerMetadata | undefined;
}

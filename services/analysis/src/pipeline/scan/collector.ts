// Text gathered for one element while it is open (link name, label, heading, dialog…).
import { normalise } from './text-measure.js';

export class Collector {
  private parts: string[] = [];
  private length = 0;
  /**
   * `hidden`: it belongs to a hidden element, so it also gathers hidden text. `accessibleName`:
   * it gathers an accessible name, so it also reads screen-reader-only text (class="sr-only").
   */
  constructor(
    private readonly cap: number,
    readonly hidden = false,
    readonly accessibleName = false,
  ) {}
  /** An element starts or ends between two pieces of text. */
  private boundary = false;
  add(text: string): void {
    if (this.length >= this.cap) return;
    // Pieces of one text run (htmlparser2 emits "don", "'", "t" around an entity) join as they
    // are; pieces from different elements are kept apart by a space, as before.
    if (this.boundary && this.parts.length > 0) this.parts.push(' ');
    this.boundary = false;
    this.parts.push(text);
    this.length += text.length;
  }
  markBoundary(): void {
    this.boundary = true;
  }
  text(): string {
    return normalise(this.parts.join('')).slice(0, this.cap);
  }
  get full(): boolean {
    return this.length >= this.cap;
  }
}

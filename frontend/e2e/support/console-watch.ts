import type { ConsoleMessage, Page } from 'playwright-core';

/** What a page printed: every console message, and its errors (console.error, uncaught exceptions). */
export class ConsoleWatch {
  readonly messages: string[] = [];
  private errors: string[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      this.messages.push(message.text());
      if (message.type() === 'error') this.errors.push(describe(message));
    });
    page.on('pageerror', (error) => this.errors.push(`uncaught: ${error.message}`));
  }

  /** The errors since the last call, except those matching `expected` (failures a test provokes). */
  takeErrors(expected: RegExp[] = []): string[] {
    const unexpected = this.errors.filter(
      (text) => !expected.some((pattern) => pattern.test(text)),
    );
    this.errors = [];
    return unexpected;
  }
}

function describe(message: ConsoleMessage): string {
  const { url } = message.location();
  return url ? `${message.text()} (${url})` : message.text();
}

import type { ConsoleMessage, Page } from 'playwright-core';

/** What a page printed: every console message, and its errors (console.error, uncaught exceptions). */
export class ConsoleWatch {
  readonly messages: string[] = [];
  private errors: string[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      this.messages.push(message.text());
      if (message.type() === 'error' && !isSignedOutAuthCheck(message))
        this.errors.push(describe(message));
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

/**
 * A visitor's session check answers 401 ("a missing user means signed out", spec §7): Chromium
 * logs every non-2xx resource as an error, but this one is the app working as designed.
 */
function isSignedOutAuthCheck(message: ConsoleMessage): boolean {
  return (
    /status of 401/.test(message.text()) &&
    new URL(message.location().url || 'about:blank', 'http://x').pathname === '/api/auth/user'
  );
}

function describe(message: ConsoleMessage): string {
  const { url } = message.location();
  return url ? `${message.text()} (${url})` : message.text();
}

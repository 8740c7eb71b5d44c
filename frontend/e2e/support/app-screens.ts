import type { Locator, Page } from 'playwright-core';

/** The toast with this title and description, once it shows (one toast is visible at a time). */
export async function waitForToast(
  page: Page,
  title: string,
  description: string,
): Promise<Locator> {
  const toast = page
    .getByRole('status')
    .filter({ hasText: title })
    .filter({ hasText: description });
  await toast.waitFor();
  return toast;
}

let toastWatches = 0;

/**
 * Starts watching for a toast with this title and description; `shown` resolves once the page
 * has rendered it (wrapped in an object: an async function cannot return a pending promise).
 * The page reports it itself (a MutationObserver calling back into the test), so a toast shown
 * just before the page navigates away is seen, where a locator's polling can miss it or wait
 * on the navigation instead.
 */
export async function watchForToast(
  page: Page,
  title: string,
  description: string,
): Promise<{ readonly shown: Promise<void> }> {
  const binding = `__frenlyToastSeen${++toastWatches}`;
  let seen!: () => void;
  const shown = new Promise<void>((resolve) => (seen = resolve));
  await page.exposeFunction(binding, () => seen());
  // A string, so that no DOM types are needed here.
  await page.evaluate(`(() => {
    const wanted = ${JSON.stringify([title, description])};
    const observer = new MutationObserver(() => check());
    function check() {
      for (const element of document.querySelectorAll('[role=status]')) {
        const text = element.textContent || '';
        if (wanted.every((part) => text.includes(part))) {
          observer.disconnect();
          window.${binding}();
          return;
        }
      }
    }
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  })()`);
  return { shown };
}

/** The header's bamboo balance, as shown ("1,000 Bamboo" on a wide screen). */
export const balanceOf = (page: Page): Promise<string> =>
  page.getByTestId('bamboo-balance').first().innerText();

/** The results screen's cards, and the one for a domain's home page. */
export const resultCards = (page: Page): Locator => page.getByRole('article');
export const resultCardFor = (page: Page, url: string): Locator =>
  resultCards(page).filter({ has: page.getByText(url, { exact: true }) });

export const aboutResultsLine = (page: Page): Locator =>
  page.getByText(/^About [\d,]+ results with AI transparency insights$/);

/** Searches from wherever the page is, by address (the results screen wins over any path). */
export async function openResults(page: Page, query: string): Promise<void> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await aboutResultsLine(page).waitFor();
}

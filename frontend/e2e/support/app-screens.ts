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

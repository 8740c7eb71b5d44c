import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA, renderApp, siteFixture, stubServer, type Handler } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const searchAnswer: Handler = () =>
  Response.json({
    query: 'example',
    results: [siteFixture({ id: 5, domain: 'example.org', frenlinessScore: 85, isVerified: true })],
    total: 1,
    totalIsEstimate: false,
    page: 1,
    limit: 10,
    correctedQuery: null,
  });

async function openDialog(handlers: Record<string, Handler> = {}, user = ADA) {
  const server = stubServer(user, { 'GET /api/search': searchAnswer, ...handlers });
  const actor = userEvent.setup();
  renderApp('/?q=example');
  await actor.click(await screen.findByRole('button', { name: /Stake Bamboo \(/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Stake Your Bamboo' });
  return { server, actor, dialog };
}

describe('Stake Your Bamboo', () => {
  it('shows the site, the defaults, the counter and the balance', async () => {
    const { actor, dialog } = await openDialog();
    const d = within(dialog);
    expect(d.getByText('example.org')).toBeTruthy();
    expect(d.getByText('Frenliness 85')).toBeTruthy();
    expect(d.getByText('Verified')).toBeTruthy();
    const amount = d.getByLabelText<HTMLInputElement>('Stake Amount');
    expect(amount.value).toBe('50');
    expect(amount.min).toBe('1');
    expect(amount.max).toBe('1000');
    expect(d.getByRole('radio', { name: /Support/ }).getAttribute('aria-checked')).toBe('true');
    expect(d.getByRole('radio', { name: /Concern/ }).getAttribute('aria-checked')).toBe('false');
    expect(d.getByText('Available: 1,000 Bamboo')).toBeTruthy();
    expect(d.getByText('0/500 characters')).toBeTruthy();
    expect(d.getByTestId('bamboo-explainer').textContent).toContain(
      'Bamboo is Frenly’s community currency, not money',
    );
    await actor.type(d.getByLabelText(/Message/), 'Great site');
    expect(d.getByText('10/500 characters')).toBeTruthy();
    expect(d.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('keeps a typed low amount until a submit refuses it (a click blurs the field first)', async () => {
    const { actor, dialog } = await openDialog();
    const amount = within(dialog).getByLabelText<HTMLInputElement>('Stake Amount');
    await actor.clear(amount);
    await actor.type(amount, '-3');
    await actor.tab();
    expect(amount.value).toBe('-3');
  });

  it.each([
    ['0', 'click'],
    ['-5', 'click'],
    ['', 'click'],
    ['0', 'Enter'],
    ['-5', 'Enter'],
    ['', 'Enter'],
  ])(
    'refuses a typed amount of %j sent by %s with the Invalid Amount toast, sending nothing',
    async (typed, how) => {
      const { actor, dialog, server } = await openDialog();
      const amount = within(dialog).getByLabelText<HTMLInputElement>('Stake Amount');
      await actor.clear(amount);
      if (typed) await actor.type(amount, typed);
      if (how === 'click')
        await actor.click(within(dialog).getByRole('button', { name: 'Stake Bamboo' }));
      else await actor.type(amount, '{Enter}');
      expect(await screen.findByText('Please enter a valid stake amount.')).toBeTruthy();
      expect(screen.getByText('Invalid Amount')).toBeTruthy();
      expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
      // Coerced to the least stake once refused: a second submit knowingly stakes it.
      expect(amount.value).toBe('1');
    },
  );

  it('refuses more than the balance with the Insufficient Balance toast, sending nothing', async () => {
    const { actor, dialog, server } = await openDialog();
    const amount = within(dialog).getByLabelText('Stake Amount');
    await actor.clear(amount);
    await actor.type(amount, '1001');
    await actor.click(within(dialog).getByRole('button', { name: 'Stake Bamboo' }));
    expect(
      await screen.findByText("You don't have enough bamboo to stake this amount."),
    ).toBeTruthy();
    expect(screen.getByText('Insufficient Balance')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('stakes, says so, closes and refreshes the user, their stakes and the results', async () => {
    let release: () => void = () => {};
    const { actor, dialog, server } = await openDialog({
      'POST /api/stakes': () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(Response.json({ stake: {}, bambooBalance: 925 }, { status: 201 }));
        }),
    });
    const d = within(dialog);
    await actor.clear(d.getByLabelText('Stake Amount'));
    await actor.type(d.getByLabelText('Stake Amount'), '75');
    await actor.click(d.getByRole('radio', { name: /Concern/ }));
    await actor.type(d.getByLabelText(/Message/), '  pushy cookie banner  ');
    const before = server.calls.length;
    await actor.click(d.getByRole('button', { name: 'Stake Bamboo' }));
    expect((await d.findByRole('button', { name: 'Staking...' })).hasAttribute('disabled')).toBe(
      true,
    );
    release();

    expect(await screen.findByText('Successfully staked 75 bamboo on example.org')).toBeTruthy();
    expect(screen.getByText('Stake Successful')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/api/stakes',
      body: { siteId: 5, amount: 75, type: 'concern', message: 'pushy cookie banner' },
    });
    await waitFor(() => {
      const after = server.calls.slice(before).map((c) => `${c.method} ${c.path.split('?')[0]}`);
      expect(after).toEqual(expect.arrayContaining(['GET /api/auth/user', 'GET /api/search']));
    });
  });

  it('shows the server’s message when staking fails', async () => {
    const { actor, dialog } = await openDialog({
      'POST /api/stakes': () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', message: 'Unknown site' },
          { status: 400 },
        ),
    });
    await actor.click(within(dialog).getByRole('button', { name: 'Stake Bamboo' }));
    expect(await screen.findByText('Staking Failed')).toBeTruthy();
    expect(screen.getByText('Unknown site')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('falls back to the generic failure text', async () => {
    const { actor, dialog } = await openDialog({
      'POST /api/stakes': () => new Response(null, { status: 500 }),
    });
    await actor.click(within(dialog).getByRole('button', { name: 'Stake Bamboo' }));
    expect(await screen.findByText('Failed to stake bamboo. Please try again.')).toBeTruthy();
  });

  it('closes on Escape even while a toast it raised is showing, and the toast stays', async () => {
    const { actor, dialog } = await openDialog();
    const amount = within(dialog).getByLabelText('Stake Amount');
    await actor.clear(amount);
    await actor.type(amount, '1001{Enter}');
    expect(await screen.findByText('Insufficient Balance')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await actor.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Insufficient Balance')).toBeTruthy();
    await actor.keyboard('{Escape}'); // nothing else open: the next Escape is the toast's
    await waitFor(() => expect(screen.queryByText('Insufficient Balance')).toBeNull());
  });

  it('closes on Cancel without staking', async () => {
    const { actor, dialog, server } = await openDialog();
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

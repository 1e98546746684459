/**
 * Progressive enhancement of the add-to-cart forms (server/shop/cart/cart-page.ts): with JavaScript the product goes
 * into the cart without leaving the page, and the live region `#cart-status` says what happened (the server's message,
 * which names the product or the reason it could not be added), and the header's cart count follows. Without
 * JavaScript, or if the request fails on the way, the form posts as usual and the cart page answers. Kept tiny: the
 * storefront's whole script has a 12 KiB budget.
 */
document.addEventListener('submit', async (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.matches('[data-add-to-cart]')) return;
  event.preventDefault();
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams(new FormData(form) as unknown as string[][]),
    });
    const answer = (await response.json()) as { count?: number; message?: string; error?: string };
    document.getElementById('cart-status')!.textContent = answer.message ?? answer.error ?? '';
    // The header's count follows, without a page load.
    if (answer.count !== undefined) document.getElementById('cart-count')!.textContent = `${answer.count}`;
  } catch {
    form.submit();
  }
});

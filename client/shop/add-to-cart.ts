/**
 * Progressive enhancement of the add-to-cart forms (server/shop/cart-page.ts): with JavaScript the product goes into
 * the cart without leaving the page, and the live region `#cart-status` says so. Without JavaScript, or if this
 * request fails on the way, the form posts as usual and the cart page answers. Kept tiny: the storefront's whole
 * script has a 12 KiB budget.
 */
document.addEventListener('submit', async (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.matches('[data-add-to-cart]')) return;
  event.preventDefault();
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
    });
    const answer = (await response.json()) as { count?: number; message?: string; error?: string };
    const region = document.getElementById('cart-status')!;
    region.textContent = (response.ok ? answer.message : answer.error) ?? '';
    region.classList.toggle('cart-status--error', !response.ok);
    for (const count of document.querySelectorAll('[data-cart-count]')) count.textContent = answer.count ? `(${answer.count})` : '';
  } catch {
    form.submit();
  }
});

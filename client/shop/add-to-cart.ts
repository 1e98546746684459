/**
 * Progressive enhancement of the add-to-cart forms (server/shop/cart-page.ts): with JavaScript the product goes into
 * the cart without leaving the page, and a live region says so. Without JavaScript, or if this request fails on the
 * way, the form posts as usual and the cart page answers.
 */

function statusRegion(): HTMLElement | null {
  return document.getElementById('cart-status');
}

function announce(message: string, isError: boolean): void {
  const region = statusRegion();
  if (!region) return;
  region.classList.toggle('cart-status--error', isError);
  region.textContent = message;
}

async function submitInPlace(form: HTMLFormElement): Promise<void> {
  const button = form.querySelector('button');
  button?.setAttribute('aria-disabled', 'true');
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      credentials: 'same-origin',
    });
    const answer = (await response.json()) as { count?: number; message?: string; error?: string };
    if (!response.ok) {
      announce(answer.error ?? 'The product could not be added to your cart.', true);
      return;
    }
    announce(answer.message ?? 'Added to your cart.', false);
    document.querySelectorAll('[data-cart-count]').forEach((count) => {
      count.textContent = answer.count ? `(${answer.count})` : '';
    });
  } catch {
    form.submit();
  } finally {
    button?.removeAttribute('aria-disabled');
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-add-to-cart')) return;
  event.preventDefault();
  void submitInPlace(form);
});

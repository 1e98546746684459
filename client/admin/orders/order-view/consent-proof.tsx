/**
 * The proof of what the customer agreed to with this order, as the consent log keeps it: each checkbox's text as
 * shown, whether it was ticked, its version (the hash of the text, the linked legal page's date) and when.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import { formatShopDateTime } from '../../locale/shop-time.js';

export function ConsentProof({ order }: { order: VitrineOrder }) {
  return (
    <section aria-labelledby="order-consent-heading" className="vitrine-order-section">
      <h2 id="order-consent-heading">{__('Consent proof')}</h2>
      {order.consent_proof.length === 0 ? (
        <p>{__('The consent log holds no checkbox for this order.')}</p>
      ) : (
        <ul className="vitrine-consent-proof">
          {order.consent_proof.map((record) => (
            <li key={`${record.checkbox_id}-${record.time}`}>
              <p className="vitrine-consent-proof__text">{record.label}</p>
              <dl className="vitrine-term-grid">
                <div>
                  <dt>{__('Answer')}</dt>
                  <dd>{record.accepted ? __('Accepted') : __('Not accepted')}</dd>
                </div>
                <div>
                  <dt>{__('When')}</dt>
                  <dd>{formatShopDateTime(record.time)}</dd>
                </div>
                <div>
                  <dt>{__('Version')}</dt>
                  <dd>
                    {record.label_hash ? (
                      <code title={record.label_hash}>
                        {sprintf(__('text SHA-256 %s…'), record.label_hash.slice(0, 12))}
                      </code>
                    ) : (
                      __('text as shown above')
                    )}
                    {record.legal_page_modified_at &&
                      `, ${sprintf(__('legal page of %s'), formatShopDateTime(record.legal_page_modified_at))}`}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

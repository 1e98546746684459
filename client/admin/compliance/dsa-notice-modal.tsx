/**
 * One DSA notice to read and decide: what was reported, by whom, and the status with the statement of reasons
 * that the manager records (PUT /compliance/v1/dsa-notices/{id}). A refused save shows the reason beside the field.
 */
import { Button, Modal, Notice, SelectControl, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { DsaNotice, DsaNoticeStatus } from '../../api/compliance-reports.js';
import { decideDsaNotice } from '../data/compliance-reports-api.js';
import { toRestRequestError } from '../data/rest-error.js';
import { DSA_STATUS_LABELS } from './dsa-status-labels.js';
import { ProductEditLink } from '../products/product-edit-link.js';
import { formatShopDateTime } from '../locale/shop-time.js';

export function DsaNoticeModal({
  notice,
  onClose,
  onSaved,
}: {
  notice: DsaNotice;
  onClose: () => void;
  onSaved: (notice: DsaNotice) => void;
}) {
  const [status, setStatus] = useState<DsaNoticeStatus>(notice.status);
  const [note, setNote] = useState(notice.decision_note);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  async function save() {
    setSaving(true);
    setMessage(null);
    try {
      const saved = await decideDsaNotice(notice.id, { status, decision_note: note });
      setErrors({});
      setMessage({ status: 'success', text: __('Decision saved.') });
      onSaved(saved);
    } catch (caught) {
      const { fields, message: text } = toRestRequestError(caught);
      setErrors(fields);
      setMessage({
        status: 'error',
        text: Object.keys(fields).length ? __('Not saved: see the reasons beside the fields.') : text,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={sprintf(__('DSA notice %s'), notice.reference)} onRequestClose={onClose} size="medium">
      <dl className="vitrine-notice__facts">
        <dt>{__('Received')}</dt>
        <dd>{formatShopDateTime(notice.created_at)}</dd>
        <dt>{__('Reported address')}</dt>
        <dd>
          <a href={notice.url} target="_blank" rel="noreferrer noopener">
            {notice.url}
          </a>
        </dd>
        {notice.product_id > 0 && (
          <>
            <dt>{__('Product')}</dt>
            <dd>
              <ProductEditLink id={notice.product_id}>{sprintf(__('Product #%d'), notice.product_id)}</ProductEditLink>
            </dd>
          </>
        )}
        <dt>{__('Notifier')}</dt>
        <dd>{`${notice.name} <${notice.email}>`}</dd>
        <dt>{__('Good-faith statement')}</dt>
        <dd>{notice.good_faith ? __('Confirmed') : __('Not confirmed')}</dd>
      </dl>
      <h3 className="vitrine-notice__subheading">{__('Explanation')}</h3>
      {/* Plain text as sent: React escapes it; line breaks are kept by CSS. */}
      <p className="vitrine-notice__explanation">{notice.explanation}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Status')}
          value={status}
          options={Object.entries(DSA_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(value) => setStatus(value as DsaNoticeStatus)}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? 'dsa-status-error' : undefined}
        />
        {errors.status && (
          <p id="dsa-status-error" className="vitrine-field-error" role="alert">
            {errors.status}
          </p>
        )}
        <TextareaControl
          __nextHasNoMarginBottom
          label={__('Decision note (statement of reasons)')}
          help={errors.decision_note ? undefined : __('Sent to the notifier with the decision.')}
          value={note}
          onChange={setNote}
          aria-invalid={errors.decision_note ? true : undefined}
          aria-describedby={errors.decision_note ? 'dsa-note-error' : undefined}
        />
        {errors.decision_note && (
          <p id="dsa-note-error" className="vitrine-field-error" role="alert">
            {errors.decision_note}
          </p>
        )}
        <div role="status">
          {message && (
            <Notice status={message.status} isDismissible={false}>
              {message.text}
            </Notice>
          )}
        </div>
        <div className="vitrine-quick-edit__buttons">
          <Button variant="tertiary" onClick={onClose}>
            {__('Close')}
          </Button>
          <Button variant="primary" type="submit" isBusy={saving} disabled={saving} accessibleWhenDisabled>
            {__('Save decision')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The order's parcels: each with its carrier, tracking number (linked to the carrier's page) and day shipped, and a
 * form to add one (a known carrier, or another with its name and tracking page); adding e-mails the customer the
 * link. The packing slip to print is linked here too.
 */
import { Button, Notice, SelectControl, TextControl } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { CARRIERS, type WcShipmentTracking } from '../../../api/shipment-tracking.js';
import type { VitrineOrder } from '../../../api/orders.js';
import { addShipment, listShipments, removeShipment } from '../../data/orders-api.js';
import { refusalText } from '../refusal-text.js';

const OTHER = 'other';

export function OrderShipments({ order, onChanged }: { order: VitrineOrder; onChanged: (message: string) => void }) {
  const [parcels, setParcels] = useState<WcShipmentTracking[] | null>(null);
  const [carrier, setCarrier] = useState<string>('inpost');
  const [number, setNumber] = useState('');
  const [customName, setCustomName] = useState('');
  const [customLink, setCustomLink] = useState('');
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setParcels(await listShipments(order.id));
    } catch (caught) {
      setError(refusalText(caught));
    }
  }, [order.id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function add() {
    setBusy(true);
    try {
      const body: Record<string, string> =
        carrier === OTHER
          ? { custom_tracking_provider: customName, custom_tracking_link: customLink }
          : { tracking_provider: carrier };
      const added = await addShipment(order.id, {
        ...body,
        tracking_number: number,
        ...(day ? { date_shipped: day } : {}),
      });
      setNumber('');
      setError(null);
      await load();
      onChanged(sprintf(__('Parcel %s added; the customer was e-mailed its tracking link.'), added.tracking_number));
    } catch (caught) {
      setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  }

  async function remove(parcel: WcShipmentTracking) {
    try {
      await removeShipment(order.id, parcel.tracking_id);
      await load();
      onChanged(sprintf(__('Parcel %s removed.'), parcel.tracking_number));
    } catch (caught) {
      setError(refusalText(caught));
    }
  }

  return (
    <section aria-labelledby="order-shipments-heading" className="vitrine-order-section">
      <h2 id="order-shipments-heading">{__('Shipments')}</h2>
      <p>
        <a href={`/admin/orders/${order.id}/packing-slip`} target="_blank" rel="noopener">
          {__('Print the packing slip')}
        </a>
      </p>
      {parcels === null ? null : parcels.length === 0 ? (
        <p>{__('No parcels sent yet.')}</p>
      ) : (
        <ul className="vitrine-order-notes">
          {parcels.map((parcel) => (
            <li key={parcel.tracking_id}>
              <p>
                {parcel.tracking_provider}:{' '}
                {parcel.tracking_link ? (
                  <a href={parcel.tracking_link} target="_blank" rel="noopener noreferrer">
                    {parcel.tracking_number}
                  </a>
                ) : (
                  parcel.tracking_number
                )}{' '}
                · {sprintf(__('shipped %s'), parcel.date_shipped)}
              </p>
              <Button
                variant="link"
                isDestructive
                onClick={() => void remove(parcel)}
                label={sprintf(__('Remove parcel %s'), parcel.tracking_number)}
              >
                {__('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="vitrine-order-note-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Carrier')}
          value={carrier}
          options={[
            ...Object.entries(CARRIERS).map(([value, known]) => ({ value, label: known.name })),
            { value: OTHER, label: __('Another carrier') },
          ]}
          onChange={setCarrier}
        />
        {carrier === OTHER && (
          <>
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Carrier name')}
              value={customName}
              onChange={setCustomName}
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Tracking page')}
              help={__('The carrier’s address, with %1$s where the number goes.')}
              value={customLink}
              onChange={setCustomLink}
            />
          </>
        )}
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Tracking number')}
          value={number}
          onChange={setNumber}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="date"
          label={__('Shipped on')}
          help={__('Empty: today.')}
          value={day}
          onChange={setDay}
        />
        {error && (
          <Notice status="error" isDismissible={false}>
            {error}
          </Notice>
        )}
        <Button variant="secondary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
          {__('Add parcel')}
        </Button>
      </form>
    </section>
  );
}

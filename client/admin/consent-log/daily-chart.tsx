/**
 * Shown and accepted per day as a bar chart (SVG, two bars a day), with the same figures in a table for screen
 * readers and for anyone who wants the numbers: the chart itself is hidden from assistive technology.
 */
import { __ } from '@wordpress/i18n';
import type { DailyCounts } from '../../api/compliance.js';
import { formatShopDate } from '../locale/shop-time.js';
import { shopPercent } from '../locale/shop-number.js';

const HEIGHT = 160;
const BAR = 10;
const GAP = 8;

export function DailyChart({ days }: { days: DailyCounts[] }) {
  if (!days.length) return <p>{__('No forms with checkboxes were sent in this period.')}</p>;
  const most = Math.max(...days.map((day) => day.shown), 1);
  const width = days.length * (2 * BAR + GAP) + GAP;
  const bar = (value: number) => Math.round((value / most) * (HEIGHT - 20));
  return (
    <figure className="vitrine-chart">
      <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true" focusable="false">
        {days.map((day, index) => {
          const x = GAP + index * (2 * BAR + GAP);
          return (
            <g key={day.date}>
              <rect x={x} y={HEIGHT - bar(day.shown)} width={BAR} height={bar(day.shown)} fill="#8c8f94" />
              <rect x={x + BAR} y={HEIGHT - bar(day.accepted)} width={BAR} height={bar(day.accepted)} fill="#006ba1" />
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className="vitrine-chart__key vitrine-chart__key--shown" /> {__('Shown')}{' '}
        <span className="vitrine-chart__key vitrine-chart__key--accepted" /> {__('Accepted')}
      </figcaption>
      <table className="vitrine-chart__table">
        <caption>{__('Shown and accepted per day')}</caption>
        <thead>
          <tr>
            <th scope="col">{__('Day')}</th>
            <th scope="col">{__('Shown')}</th>
            <th scope="col">{__('Accepted')}</th>
            <th scope="col">{__('Rate')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatShopDate(day.date)}</th>
              <td>{day.shown}</td>
              <td>{day.accepted}</td>
              <td>{shopPercent(day.shown ? (day.accepted / day.shown) * 100 : 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

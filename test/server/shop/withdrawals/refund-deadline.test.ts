// The refund deadline after a withdrawal (Directive 2011/83/EU art. 13), in the shop's calendar days.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  addDays,
  isCalendarDay,
  localDay,
  refundDeadline,
} from '../../../../server/shop/withdrawals/refund-deadline.js';

const refund = {
  amount: 10,
  refunded_on: '2026-03-05',
  scope: 'lines' as const,
  lines: [],
  recorded_at: '2026-03-05T10:00:00Z',
  recorded_by: 1,
};

describe('refundDeadline', () => {
  it("runs 14 days from the shop's day of receipt, not the UTC day", () => {
    // 23:30 UTC on 28 February is already 1 March in Warsaw.
    const deadline = refundDeadline(
      { received_at: '2026-02-28T23:30:00Z', goods_received_on: null, refund: null },
      'Europe/Warsaw',
      '2026-03-01',
    );
    assert.equal(deadline.from, '2026-03-01');
    assert.equal(deadline.due_on, '2026-03-15');
    assert.equal(deadline.overdue, false);
    assert.equal(deadline.may_withhold_until_goods_received, true);
  });

  it('is overdue the day after the last day, until a refund is recorded', () => {
    const pending = { received_at: '2026-03-01T09:00:00Z', goods_received_on: '2026-03-03', refund: null };
    assert.equal(
      refundDeadline(pending, 'Europe/Warsaw', '2026-03-15').overdue,
      false,
      'the last day itself is in time',
    );
    assert.equal(refundDeadline(pending, 'Europe/Warsaw', '2026-03-16').overdue, true);
    assert.equal(
      refundDeadline(pending, 'Europe/Warsaw', '2026-03-16').may_withhold_until_goods_received,
      false,
      'the goods are back',
    );
    assert.equal(refundDeadline({ ...pending, refund }, 'Europe/Warsaw', '2026-04-30').overdue, false);
  });

  it('counts calendar days across a clock change as a calendar does', () => {
    // Summer time starts in Warsaw on 29 March 2026: the 14 days are one hour shorter, still 14 days.
    assert.equal(
      refundDeadline(
        { received_at: '2026-03-20T12:00:00Z', goods_received_on: null, refund: null },
        'Europe/Warsaw',
        '2026-03-20',
      ).due_on,
      '2026-04-03',
    );
  });
});

describe('addDays and isCalendarDay', () => {
  it('agree with counting in milliseconds (UTC days have no clock changes)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 400 }),
        (date, days) => {
          const start = date.toISOString().slice(0, 10);
          const expected = new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
          assert.equal(addDays(start, days), expected);
          assert.ok(isCalendarDay(expected));
        },
      ),
    );
  });

  it('refuses days that are not on the calendar', () => {
    for (const text of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00',
      '',
    ])
      assert.equal(isCalendarDay(text), false, text);
    for (const text of ['2024-02-29', '2026-12-31', '2026-01-01']) assert.equal(isCalendarDay(text), true, text);
  });

  it("localDay gives the shop's date of an instant", () => {
    assert.equal(localDay('2026-07-01T22:30:00Z', 'Europe/Warsaw'), '2026-07-02');
    assert.equal(localDay('2026-07-01T22:30:00Z', 'America/New_York'), '2026-07-01');
  });
});

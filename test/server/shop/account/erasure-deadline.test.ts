// The last day to carry out an erasure request is one month from the day it was asked (GDPR art. 12(3)): the same day
// of the next month, or that month's last day; the day is the shop's, not UTC's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { erasureDueOn } from '../../../../server/shop/account/account-erasure.js';

const asked = (requested_at: string) => ({ requested_at, confirmed_at: null, completed_at: null });

/** Walks the calendar a day at a time: the last day of the next month whose number is not past the request's. */
function walkedDueOn(day: string): string {
  const start = new Date(`${day}T00:00:00Z`);
  let due = '';
  for (let at = new Date(start); ; at = new Date(at.getTime() + 86_400_000)) {
    const monthsOn = (at.getUTCFullYear() - start.getUTCFullYear()) * 12 + at.getUTCMonth() - start.getUTCMonth();
    if (monthsOn > 1) return due;
    if (monthsOn === 1 && at.getUTCDate() <= start.getUTCDate()) due = at.toISOString().slice(0, 10);
  }
}

describe('erasureDueOn', () => {
  it('gives the same day of the next month, or its last day', () => {
    assert.equal(erasureDueOn(asked('2026-03-15T10:00:00Z'), 'Europe/Warsaw'), '2026-04-15');
    assert.equal(erasureDueOn(asked('2027-01-31T10:00:00Z'), 'Europe/Warsaw'), '2027-02-28');
    assert.equal(erasureDueOn(asked('2028-01-30T10:00:00Z'), 'Europe/Warsaw'), '2028-02-29');
    assert.equal(erasureDueOn(asked('2026-12-20T10:00:00Z'), 'Europe/Warsaw'), '2027-01-20');
  });

  it("counts from the shop's day: late evening in UTC is already the next day in Warsaw", () => {
    assert.equal(erasureDueOn(asked('2026-03-31T22:30:00Z'), 'Europe/Warsaw'), '2026-05-01');
    assert.equal(erasureDueOn(asked('2026-03-31T22:30:00Z'), 'UTC'), '2026-04-30');
  });

  it('agrees with walking the calendar, for any day', () => {
    const days = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(days, (date) => {
        const noon = `${date.toISOString().slice(0, 10)}T12:00:00Z`;
        assert.equal(erasureDueOn(asked(noon), 'UTC'), walkedDueOn(noon.slice(0, 10)));
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * A refused field of the shipping zones as the manager reads it, by the labels of the editor ("Poland › Courier ›
 * Cost"), instead of the server's key (`zones[0].methods[3].cost`).
 */
import { __, sprintf } from '@wordpress/i18n';
import type { ZoneDraft } from './use-shipping-zones.js';

const ZONE_PARTS: Record<string, string> = {
  name: __('Zone name'),
  countries: __('Countries'),
  methods: __('Methods'),
};

const METHOD_PARTS: Record<string, string> = {
  type: __('Method'),
  title: __('Title shown to shoppers'),
  cost: __('Cost'),
  min_amount: __('Free from an order of'),
  tax_status: __('VAT'),
};

const KEY = /^zones\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\](?:\.(\w+))?)?$/;

/** @example zoneFieldLabel('zones[0].methods[1].cost', zones) // 'Poland › Courier › Cost' */
export function zoneFieldLabel(field: string, zones: readonly ZoneDraft[]): string {
  const match = KEY.exec(field);
  if (!match) return field;
  const [, zoneAt, part, methodAt, methodPart] = match;
  const zone = zones[Number(zoneAt)];
  const zoneName = zone?.name || sprintf(__('Zone %d'), Number(zoneAt) + 1);
  if (methodAt === undefined) return part ? `${zoneName} › ${ZONE_PARTS[part] ?? part}` : zoneName;
  const method = zone?.methods[Number(methodAt)];
  const methodName = method?.title || sprintf(__('Method %d'), Number(methodAt) + 1);
  return methodPart
    ? `${zoneName} › ${methodName} › ${METHOD_PARTS[methodPart] ?? methodPart}`
    : `${zoneName} › ${methodName}`;
}

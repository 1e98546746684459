/**
 * The withdrawal notice a consumer must see before ordering (Directive 2011/83/EU, Art. 6), from the shop's settings.
 */
import type { SettingsData } from '../../store/settings-schema.js';

export function withdrawalNotice(settings: SettingsData): string | null {
  if (!settings.checkout.show_withdrawal_notice) return null;
  const days = settings.compliance.withdrawal_days;
  const how = settings.compliance.withdrawal_enabled
    ? ' To withdraw, use the “Withdraw from contract here” link at the bottom of every page.'
    : ` To withdraw, tell us so by e-mail at ${settings.general.company_email}.`;
  return `You have the right to withdraw from this contract within ${days} days without giving any reason. The period runs from the day you receive the goods.${how}`;
}

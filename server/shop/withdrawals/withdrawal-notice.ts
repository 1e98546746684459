/**
 * The withdrawal notice a consumer must see before ordering (Directive 2011/83/EU, Art. 6), from the shop's settings.
 */
import type { Translate } from '../../i18n/translator.js';
import type { SettingsData } from '../../store/settings-schema.js';

export function withdrawalNotice(settings: SettingsData, t: Translate): string | null {
  if (!settings.checkout.show_withdrawal_notice) return null;
  const days = settings.compliance.withdrawal_days;
  const how = settings.compliance.withdrawal_enabled
    ? t('checkout.withdrawByLink', { link: t('layout.withdraw') })
    : t('checkout.withdrawByEmail', { email: settings.general.company_email });
  return `${t('checkout.withdrawalRight', { count: days })} ${how}`;
}

/**
 * The information on the right of withdrawal and the model withdrawal form that the confirmation of a distance
 * contract carries (Consumer Rights Directive art. 6(1)(h) and 8(7), the models of its Annex I; in Poland the Act on
 * consumer rights, annexes 1 and 2), filled in with the shop's name, address and e-mail and its withdrawal period.
 */
import type { MailBlock } from '../templates/mail-content.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

const TEXTS = {
  en: {
    information: 'Your right of withdrawal',
    right: (days: number) =>
      `You have the right to withdraw from this contract within ${days} days without giving any reason. The withdrawal period expires ${days} days from the day on which you, or a third party other than the carrier indicated by you, acquire physical possession of the goods (for an order of several goods delivered separately: of the last of them).`,
    how: (shop: MailShop) =>
      `To exercise it, inform us (${shop.companyName}, ${shop.address}, ${shop.email}) of your decision by an unequivocal statement, for example an e-mail or a letter, or use the withdrawal form on our website: ${shop.siteUrl}/withdraw. You may use the model withdrawal form below, but you do not have to. To meet the deadline, it is enough to send your statement before the period expires.`,
    effects:
      'If you withdraw, we will reimburse all payments received from you, including the costs of delivery (except the extra costs of a delivery you chose other than the least expensive standard delivery we offer), without undue delay and at the latest within 14 days of the day we are informed of your withdrawal, by the same means of payment you used unless you expressly agree otherwise; you will not incur any fees. We may withhold the reimbursement until we have received the goods back or you have shown that you sent them, whichever is earlier.',
    returns: (shop: MailShop) =>
      `Send the goods back to ${shop.companyName}, ${shop.address}, without undue delay and at the latest within 14 days of the day you tell us of your withdrawal. You bear the direct cost of returning them. You are liable only for a diminished value of the goods resulting from handling beyond what is necessary to establish their nature, characteristics and functioning.`,
    form: 'Model withdrawal form',
    formNote: '(complete and return this form only if you wish to withdraw from the contract)',
    formLines: (shop: MailShop) => [
      `To: ${shop.companyName}, ${shop.address}, ${shop.email}`,
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*):',
      'Ordered on (*)/received on (*):',
      'Name of consumer(s):',
      'Address of consumer(s):',
      'Signature of consumer(s) (only if this form is sent on paper):',
      'Date:',
    ],
    formFootnote: '(*) Delete as appropriate.',
  },
  pl: {
    information: 'Prawo odstąpienia od umowy',
    right: (days: number) =>
      `Masz prawo odstąpić od tej umowy w terminie ${days} dni bez podania jakiejkolwiek przyczyny. Termin do odstąpienia wygasa po upływie ${days} dni od dnia, w którym weszłaś(-szedłeś) w posiadanie rzeczy lub w którym osoba trzecia inna niż przewoźnik i wskazana przez Ciebie weszła w jej posiadanie (przy kilku rzeczach dostarczanych osobno: ostatniej z nich).`,
    how: (shop: MailShop) =>
      `Aby skorzystać z prawa odstąpienia, poinformuj nas (${shop.companyName}, ${shop.address}, ${shop.email}) o swojej decyzji w drodze jednoznacznego oświadczenia, na przykład e-mailem lub listem, albo skorzystaj z formularza na naszej stronie: ${shop.siteUrl}/withdraw. Możesz skorzystać z poniższego wzoru formularza, ale nie jest to obowiązkowe. Aby zachować termin, wystarczy wysłać oświadczenie przed jego upływem.`,
    effects:
      'W przypadku odstąpienia zwrócimy wszystkie otrzymane od Ciebie płatności, w tym koszty dostarczenia rzeczy (z wyjątkiem dodatkowych kosztów wybranego przez Ciebie sposobu dostarczenia innego niż najtańszy zwykły sposób oferowany przez nas), niezwłocznie, a w każdym przypadku nie później niż 14 dni od dnia, w którym dowiedzieliśmy się o Twoim odstąpieniu, tym samym sposobem płatności, jakiego użyłaś(-eś), chyba że wyraźnie zgodzisz się na inny; nie poniesiesz żadnych opłat. Możemy wstrzymać się ze zwrotem płatności do chwili otrzymania rzeczy lub dostarczenia dowodu jej odesłania, w zależności od tego, które zdarzenie nastąpi wcześniej.',
    returns: (shop: MailShop) =>
      `Odeślij rzecz na adres ${shop.companyName}, ${shop.address} niezwłocznie, a w każdym razie nie później niż 14 dni od dnia, w którym poinformowałaś(-eś) nas o odstąpieniu. Ponosisz bezpośrednie koszty zwrotu rzeczy. Odpowiadasz tylko za zmniejszenie wartości rzeczy wynikające z korzystania z niej w sposób inny niż konieczny do stwierdzenia jej charakteru, cech i funkcjonowania.`,
    form: 'Wzór formularza odstąpienia od umowy',
    formNote: '(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)',
    formLines: (shop: MailShop) => [
      `Adresat: ${shop.companyName}, ${shop.address}, ${shop.email}`,
      'Ja/My (*) niniejszym informuję/informujemy (*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy (*)/o świadczenie następującej usługi (*):',
      'Data zawarcia umowy (*)/odbioru (*):',
      'Imię i nazwisko konsumenta(-ów):',
      'Adres konsumenta(-ów):',
      'Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej):',
      'Data:',
    ],
    formFootnote: '(*) Niepotrzebne skreślić.',
  },
} satisfies Record<MailLanguage, unknown>;

/** The information and the model form, as blocks of a message. */
export function withdrawalInformationBlocks(shop: MailShop, withdrawalDays: number): MailBlock[] {
  const t = TEXTS[shop.language];
  return [
    { section: t.information },
    { paragraph: t.right(withdrawalDays) },
    { paragraph: t.how(shop) },
    { paragraph: t.effects },
    { paragraph: t.returns(shop) },
    { section: t.form },
    { paragraph: t.formNote },
    { list: t.formLines(shop) },
    { paragraph: t.formFootnote },
  ];
}

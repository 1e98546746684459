/**
 * What the checkout and the order pages say about company buyers (company name, NIP or EU VAT number) and a separate
 * delivery address, and the errors of those fields and of postcodes, in the shopper's words. The storefront's pages
 * are written in English for now; the Polish texts are ready for the message catalogue.
 */

export const BUYER_TEXTS = {
  en: {
    companyBuyer: 'I am buying as a company and want a VAT invoice',
    company: 'Company name',
    taxNumber: 'NIP (or EU VAT number)',
    taxNumberHint:
      'A Polish company: its NIP, ten digits. A company in another EU country: its VAT number with the country code, like DE123456789.',
    companyMissing: 'Enter the name of your company, as it should be on the invoice.',
    taxNumberMissing: 'Enter your company’s NIP: we need it for the invoice.',
    nipInvalid: 'This NIP is not right: check its ten digits against your company’s documents.',
    euVatUnknownCountry:
      'Enter a Polish NIP (ten digits), or an EU VAT number that starts with its country code, like DE123456789.',
    euVatFormat: (country: string) =>
      `This does not look like a VAT number from ${country}: check how many digits and letters it has.`,
    euVatChecksum: (country: string) => `This VAT number from ${country} is not right: check its digits.`,
    shipElsewhere: 'Deliver to a different address',
    deliveryAddress: 'Delivery address',
    billingAddress: 'Billing address',
    buyer: 'Buyer',
    nip: 'NIP',
    euVatNumber: 'VAT number',
    sameAddress: 'The goods go to the billing address.',
    deliveryLabels: {
      shipping_first_name: 'Recipient’s first name',
      shipping_last_name: 'Recipient’s last name',
      shipping_street: 'Street and number',
      shipping_postcode: 'Postcode',
      shipping_city: 'City',
      shipping_country: 'Country',
    },
    deliveryMissing: {
      shipping_first_name: 'Enter the first name of who receives the parcel.',
      shipping_last_name: 'Enter the last name of who receives the parcel.',
      shipping_street: 'Enter the street and number of the delivery address.',
      shipping_postcode: 'Enter the postcode of the delivery address.',
      shipping_city: 'Enter the city of the delivery address.',
      shipping_country: 'Choose the country of the delivery address from the list.',
    },
    postcodeInvalid: (country: string, example: string | undefined) =>
      example
        ? `Enter a postcode as it is written in ${country}, like ${example}.`
        : 'Enter a postcode of letters and digits.',
  },
  pl: {
    companyBuyer: 'Kupuję jako firma i chcę fakturę VAT',
    company: 'Nazwa firmy',
    taxNumber: 'NIP (lub numer VAT UE)',
    taxNumberHint:
      'Firma z Polski: NIP, dziesięć cyfr. Firma z innego kraju UE: numer VAT z kodem kraju, np. DE123456789.',
    companyMissing: 'Podaj nazwę firmy – tak, jak ma się znaleźć na fakturze.',
    taxNumberMissing: 'Podaj NIP firmy – jest potrzebny do faktury.',
    nipInvalid: 'Ten NIP jest nieprawidłowy – sprawdź jego dziesięć cyfr w dokumentach firmy.',
    euVatUnknownCountry:
      'Wpisz polski NIP (dziesięć cyfr) albo numer VAT UE zaczynający się od kodu kraju, np. DE123456789.',
    euVatFormat: (country: string) => `To nie wygląda na numer VAT z kraju ${country} – sprawdź, ile ma cyfr i liter.`,
    euVatChecksum: (country: string) => `Ten numer VAT (${country}) jest nieprawidłowy – sprawdź jego cyfry.`,
    shipElsewhere: 'Dostawa pod inny adres',
    deliveryAddress: 'Adres dostawy',
    billingAddress: 'Dane do faktury',
    buyer: 'Nabywca',
    nip: 'NIP',
    euVatNumber: 'Numer VAT UE',
    sameAddress: 'Wysyłamy na adres podany do faktury.',
    deliveryLabels: {
      shipping_first_name: 'Imię odbiorcy',
      shipping_last_name: 'Nazwisko odbiorcy',
      shipping_street: 'Ulica i numer',
      shipping_postcode: 'Kod pocztowy',
      shipping_city: 'Miejscowość',
      shipping_country: 'Kraj',
    },
    deliveryMissing: {
      shipping_first_name: 'Podaj imię osoby, która odbierze paczkę.',
      shipping_last_name: 'Podaj nazwisko osoby, która odbierze paczkę.',
      shipping_street: 'Podaj ulicę i numer adresu dostawy.',
      shipping_postcode: 'Podaj kod pocztowy adresu dostawy.',
      shipping_city: 'Podaj miejscowość adresu dostawy.',
      shipping_country: 'Wybierz z listy kraj adresu dostawy.',
    },
    postcodeInvalid: (country: string, example: string | undefined) =>
      example
        ? `To nie jest kod pocztowy w formacie kraju ${country} – wpisz go np. tak: ${example}.`
        : 'Wpisz kod pocztowy złożony z liter i cyfr.',
  },
};

export type BuyerTexts = (typeof BUYER_TEXTS)['en'];

/** The texts of the storefront's pages, which are written in English until the message catalogue lands. */
export const STOREFRONT_BUYER_TEXTS: BuyerTexts = BUYER_TEXTS.en;

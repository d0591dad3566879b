/** Templates that collect or lay out data: sign-up, forms and tables. */
import { bannerImages, aspectRatio, paragraphs, selectBox, type SelectBox } from './fields';
import type { OptionValue } from '../optionLists';
import { defineTemplate } from './template';

export const newsletterSignup = defineTemplate('Newsletter Signup', 'A sign-up form for the newsletter.', {
  title: 'Be First in Line',
  text: 'Sign up for early access to launches, exclusive offers and 10% off your first order.',
  placeholder: 'Enter your email address',
  buttonText: 'Sign Up',
  consentText: paragraphs('By signing up you agree to receive marketing emails. Unsubscribe at any time.'),
  successMessage: 'Thanks! Check your inbox to confirm.',
  images: bannerImages('streetwear'),
  aspectRatio: aspectRatio(),
});

interface FormField {
  label: string;
  name: string;
  type: SelectBox<'inputTypes'>;
  required: boolean;
  placeholder: string;
}

const formField = (
  label: string,
  name: string,
  type: OptionValue<'inputTypes'>,
  required: boolean,
  placeholder = '',
): FormField => ({ label, name, type: selectBox('inputTypes', type), required, placeholder });

/** A contact form; `action` is left empty for the team to point at its own form handler. */
export const form = defineTemplate('Form', 'A contact form with fields of your choice.', {
  title: 'Contact Us',
  text: 'We aim to reply within two working days.',
  fields: [
    formField('Full name', 'name', 'text', true, 'Jane Smith'),
    formField('Email', 'email', 'email', true, 'jane@example.com'),
    formField('Order number', 'orderNumber', 'text', false),
    formField('Message', 'message', 'textarea', true),
  ],
  submitText: 'Send Message',
  successMessage: 'Thanks, we have received your message.',
  action: '',
});

interface TableHeader {
  label: string;
  /** The row key this column shows. */
  field: string;
  sortable: boolean;
  type: SelectBox<'tableContentTypes'>;
  displayMobile: boolean;
}

const column = (
  label: string,
  field: string,
  type: OptionValue<'tableContentTypes'>,
  displayMobile = true,
): TableHeader => ({ label, field, sortable: true, type: selectBox('tableContentTypes', type), displayMobile });

/** UK, EU and US sizes with foot length, from kids' to adult sizes. */
const SIZE_ROWS: readonly (readonly [string, number, number, number, number])[] = [
  ['Junior', 3, 35.5, 3.5, 22],
  ['Junior', 4, 36.5, 4.5, 22.8],
  ['Junior', 5, 38, 5.5, 23.7],
  ['Adult', 6, 39, 7, 24.5],
  ['Adult', 7, 41, 8, 25.4],
  ['Adult', 8, 42, 9, 26.2],
  ['Adult', 9, 43, 10, 27.1],
  ['Adult', 10, 44.5, 11, 27.9],
  ['Adult', 11, 46, 12, 28.8],
  ['Adult', 12, 47, 13, 29.6],
  ['Adult', 13, 48.5, 14, 30.5],
];

/** A sortable size guide (catalogue spec §3, "TableView"); rows are keyed by each header's field. */
export const tableView = defineTemplate('Table View', 'A sortable table, such as a size guide.', {
  title: 'Trainer Size Guide',
  headers: [
    column('Range', 'range', 'String'),
    column('UK', 'uk', 'Number'),
    column('EU', 'eu', 'Number'),
    column('US', 'us', 'Number'),
    // The widest column; on mobile the three size systems are what matters.
    column('Foot length (cm)', 'footLengthCm', 'Number', false),
  ],
  rows: SIZE_ROWS.map(([range, uk, eu, us, footLengthCm]) => ({ range, uk, eu, us, footLengthCm })),
  sortOptions: { field: 'uk', direction: 'asc' },
  pagination: { enabled: true, itemsPerPage: 10, align: 'center' },
});

import type { FieldKind, KnownShape } from '../../../../core/rules/fields';
import { ArrayField } from './ArrayField';
import { AspectRatioField } from './AspectRatioField';
import { BooleanField } from './BooleanField';
import { ColourField } from './ColourField';
import { CtasField } from './CtasField';
import { DateField, DateTimeField } from './DateField';
import { ImagesField } from './ImagesField';
import { MarkupField } from './MarkupField';
import { NumberField } from './NumberField';
import { ObjectField } from './ObjectField';
import { PluDetailsField } from './PluDetailsField';
import { RichTextHtmlField } from './RichTextHtmlField';
import { SelectBoxField } from './SelectBoxField';
import { StringField } from './StringField';
import { TimeOfDayField } from './TimeOfDayField';
import { UrlPairField } from './UrlPairField';
import type { FieldEditorComponent } from './types';

/** The editor of each kind of field (core/rules/fields fieldKind): a kind without one does not compile. */
export const FIELD_EDITORS: { [K in FieldKind]: FieldEditorComponent } = {
  string: StringField,
  number: NumberField,
  boolean: BooleanField,
  selectBox: SelectBoxField,
  richText: RichTextHtmlField,
  date: DateField,
  dateTime: DateTimeField,
  pluDetails: PluDetailsField,
  object: ObjectField,
  array: ArrayField,
  // An empty field whose key says nothing of what it holds is edited as text: the same editor its first
  // value gets, so the first keystroke does not swap the element under the caret.
  null: StringField,
};

/** The dedicated editor of each known shape (core/rules/fields knownShape), which comes before the kind. */
export const SHAPE_EDITORS: { [K in KnownShape]: FieldEditorComponent } = {
  images: ImagesField,
  aspectRatio: AspectRatioField,
  urlPair: UrlPairField,
  ctas: CtasField,
  colour: ColourField,
  markup: MarkupField,
  timeOfDay: TimeOfDayField,
};
